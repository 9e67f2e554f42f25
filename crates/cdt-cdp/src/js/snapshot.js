// The snapshot walk of cdt's page probe (probe.js binds it as SNAPSHOT and passes its helpers
// `H`). One DOM walk of this frame's document, as rendered (shadow trees with what their slots
// show): one line per node worth a line, indented by depth, in the format of
// docs/snapshot-format.md. Iframes are not entered: each frame has its
// own probe, and the daemon splices the frame's lines under its `iframe` line.
//
// Lean by design, without losing an actionable node: unnamed structural wrappers (lists, list
// items, articles, banners, groups, generic containers) fold away; a heading, list item or cell
// whose only content is one link or button of the same name folds into that control's line;
// adjacent inline text merges into one `text` line. Only actionable nodes, headings and
// landmarks carry uids (the daemon numbers them from the nodes reported through `H.ref`).
//
// Incremental: what a block element's subtree produced is kept, and the next walk reuses it
// unless something changed there since — a mutation inside it (a MutationObserver marks the
// node and its ancestors), an attribute of it or of an ancestor (which may change what its
// descendants show), an event that changes state without a mutation (focus, input, change, an
// image or transition that ends), a custom element defined or given a shadow root since,
// or a resize or a media query that flipped (everything). Style rules that reach past an
// element and its descendants widen that: when some rule that can show or hide something
// (display, visibility, content, cursor) depends on a state (`.menu:hover .sub`,
// `#t:checked ~ .panel`, `:focus-within`), any state event voids everything kept, and so does
// form state a script set by property (compared at each walk); on a sibling
// or a child's position (`+`, `~`, `:first-child`…), a mutation voids its parent's whole
// subtree; on `:has()` or a container query, any mutation voids everything. Lines whose content can change
// without any of those — form controls (values, checked), elements named or described by other
// elements (aria-labelledby, labels, aria-describedby), the focused element — are recomputed
// every time. A warm snapshot of an unchanged page walks almost nothing; one that changed walks
// only what changed.
(function (H) {
  'use strict';
  // Roles that get a uid besides the actionable ones: what an agent may want to name as a
  // --root, screenshot or scroll target.
  const UID_ROLES = new Set(['heading', 'img', 'iframe', 'dialog', 'alertdialog', 'alert', 'main', 'navigation', 'form', 'search', 'region',
    'table', 'grid', 'tabpanel', 'menu', 'menubar', 'tablist', 'tree', 'treegrid', 'radiogroup', 'complementary']);
  // Structure that gets a uid once it has a name (a named figure, list, meter or status is
  // something an agent may point at); a table's cells and rows, named from their content by
  // the thousand, only when their author named them (aria-label, aria-labelledby, title).
  const NAMED_UID_ROLES = new Set(['article', 'blockquote', 'figure', 'group', 'list', 'listitem', 'meter', 'progressbar', 'note',
    'status', 'log', 'timer', 'marquee', 'math', 'feed', 'banner', 'contentinfo', 'application', 'document', 'toolbar', 'tooltip',
    'separator', 'scrollbar', 'term', 'definition', 'listbox', 'option']);
  const authorNamed = (el) => ['aria-label', 'aria-labelledby', 'title'].some((a) => (el.getAttribute(a) || '').trim() !== '');
  const wantsUid = (el, role, name) => UID_ROLES.has(role) || (!!name && (NAMED_UID_ROLES.has(role) || authorNamed(el)));
  // Structure kept even when unnamed (alerts and status messages too: an agent must see that
  // the words under them are one); other unnamed non-actionable roles fold away.
  const KEEP_UNNAMED = new Set(['main', 'navigation', 'form', 'search', 'dialog', 'alertdialog', 'alert', 'status', 'table', 'grid', 'treegrid', 'row', 'menu',
    'menubar', 'tablist', 'tree', 'radiogroup']);
  // Named containers whose name would only repeat a sole control's name.
  const FOLDS_INTO_CONTROL = new Set(['heading', 'listitem', 'cell', 'gridcell', 'columnheader', 'rowheader']);
  // Elements that start a new line of text (others are inline: their text joins the line).
  const BLOCK = new Set(['ADDRESS', 'ARTICLE', 'ASIDE', 'BLOCKQUOTE', 'BODY', 'BR', 'CAPTION', 'DD', 'DETAILS', 'DIALOG', 'DIV', 'DL',
    'DT', 'FIELDSET', 'FIGCAPTION', 'FIGURE', 'FOOTER', 'FORM', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'HEADER', 'HR', 'HTML', 'LEGEND',
    'LI', 'MAIN', 'NAV', 'OL', 'P', 'PRE', 'SECTION', 'SUMMARY', 'TABLE', 'TBODY', 'TD', 'TFOOT', 'TH', 'THEAD', 'TR', 'UL']);
  const SKIP = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'HEAD']);
  // Elements whose children show no lines: never rendered (what a script puts inside an input,
  // an image or a frame's element), or a text area's, whose words are its value.
  const UNSHOWN_CHILDREN = new Set(['TEXTAREA', 'INPUT', 'IMG', 'IFRAME', 'BR', 'HR']);
  const LAYOUT_PARTS = new Set(['table', 'rowgroup', 'row', 'cell']);
  // Attributes that can show or hide an element by themselves or through the style sheets.
  const SHOWING_ATTRIBUTES = new Set(['class', 'style', 'hidden', 'type', 'id']);
  // Lines recomputed on every walk: their content changes without a DOM mutation.
  const LIVE_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT', 'OPTION']);
  const NONE = Object.freeze([]);
  // What a clickable is not named by (it holds them, and they have lines of their own):
  // controls, and tables whose rows and cells show (a grid's focusable scroll region).
  const CONTROLS = 'a[href],button,input:not([type=hidden]),select,textarea,[contenteditable=""],[contenteditable=true],' +
    '[role=button],[role=link],[role=checkbox],[role=radio],[role=switch],[role=tab],[role=menuitem],[role=option],' +
    '[role=combobox],[role=textbox],[role=slider],[role=spinbutton]';
  const NOT_A_NAME = CONTROLS + ',table,[role=table],[role=grid],[role=treegrid],[role=row]';

  // Whether a clickable holds a control that shows (one that does not, a label's hidden file
  // input or checkbox, leaves it named by its words).
  // (Those it shows through slots too: Vaadin's dialog, whose focusable frame in its shadow
  // tree shows the buttons its page rendered into it.)
  const holdsShownControl = (el) => {
    for (const control of el.querySelectorAll(NOT_A_NAME)) if (H.isVisible(control)) return true;
    if (!el.shadowRoot && !el.querySelector('slot')) return false;
    for (const control of H.allIn(el, NOT_A_NAME)) if (H.isVisible(control)) return true;
    return false;
  };
  // Whether `el`, clickable by its cursor alone (not focusable: Chromium keeps a focusable
  // one, a grid's scroll region), holds one control that shows, and shows no words but that
  // control's and those of the label beside it that names it (`aria-labelledby`: Angular
  // Material's form field around its select): that label's parts (none: an empty list), or null.
  // (A web component's host with an `onclick` around the one control its shadow tree draws,
  // Carbon's `cds-button`, is that control too: a click on the control reaches the host.)
  const wrapsOneControl = (el) => {
    const shadow = el.shadowRoot;
    if (el.hasAttribute('tabindex') || (el.hasAttribute('onclick') && !shadow)) return null;
    const controls = [];
    // (A host's controls as the page shows them: through shadow trees and what slots show,
    // Ionic's item around its select, the button in the select's own shadow tree.)
    for (const c of shadow ? H.allIn(el, CONTROLS) : el.querySelectorAll(CONTROLS)) {
      if (H.isVisible(c) && !controls.some((k) => k.contains(c))) controls.push(c);
    }
    if (controls.length > 1) return wrapsControlsOnly(el, controls) ? NONE : null;
    const control = controls[0];
    if (!control) return null;
    const drawn = !el.contains(control);
    const inside = (part) => (el.contains(part) || part.getRootNode() === control.getRootNode()) && !part.contains(control) && !control.contains(part);
    const parts = [...H.idrefs(control, 'aria-labelledby'), ...(drawn ? labelWords(control) : NONE)].filter(inside);
    const words = wordsLeft(el, drawn, parts.map((part) => H.clean(part.innerText || '')));
    return words === controlWords(el, control) || (drawn && !words) ? parts : null;
  };
  // The words `el` shows, less each of `taken` (once): its text, or where its controls are
  // drawn in shadow trees (`drawn`), the words it is named by — a control in the shadow tree
  // shows the host's words through its slot, and a host's name leaves out its controls' own
  // words, or not where an `aria-label` names one: Ionic's select.
  const wordsLeft = (el, drawn, taken) => {
    let words = H.clean((drawn ? H.nameOf(el, H.CLICKABLE) : el.innerText) || '');
    for (const part of taken) if (part) words = H.clean(words.replace(part, ' '));
    return words;
  };
  // The words a control inside `el` shows: its text, or its name where `el`'s shadow trees draw it.
  const controlWords = (el, control) => H.clean((el.contains(control) ? control.innerText : H.nameOf(control, H.roleOf(control))) || '');
  // Whether `el` (a bare clickable, as above) shows no words but those of the several
  // `controls` it holds: a range slider's track around its two thumbs (Angular Material's,
  // Ionic's), which Chromium's tree has no line for either; its controls are lines of their own.
  const wrapsControlsOnly = (el, controls) => !wordsLeft(el, !!el.shadowRoot, controls.map((control) => controlWords(el, control)));
  // The parts of a control's `<label>`s that hold words and not the control: a label beside it,
  // or the children of one around it that do not hold it (Ionic's select: its label's text
  // beside the button it wraps, which `aria-label` names).
  const labelWords = (control) => {
    const parts = [];
    for (const label of control.labels || NONE) {
      if (!label.contains(control)) parts.push(label);
      else for (const kid of label.children) if (!kid.contains(control)) parts.push(kid);
    }
    return parts;
  };
  // The label of the picture a bare clickable shows and nothing else (an `svg`'s `aria-label`
  // or `<title>`, an image's `alt` or `title`), kept from screen readers or not; '' for none.
  const iconLabel = (el) => {
    if (holdsShownControl(el) || H.clean(el.innerText || '')) return '';
    for (const picture of H.allIn(el, 'svg, img')) {
      const title = picture.tagName === 'IMG' ? picture.alt || picture.title : picture.querySelector('title') && picture.querySelector('title').textContent;
      const words = H.clean(picture.getAttribute('aria-label') || title || '');
      if (words) return words;
    }
    return '';
  };
  const endsInSpace = (part) => part.length > 0 && /\s/.test(part[part.length - 1]);

  // What changed since a block's output was kept (see the header).
  const C = {
    gen: 1,
    // The modal dialog shown at the last walk (null: none).
    modal: null,
    // Kept output older than this is void (a resize).
    floor: 0,
    // Element → the change (gen) that touched it or something inside it.
    dirtyAt: new WeakMap(),
    // Element → the change (gen) that may have changed what its descendants show; `deeps`
    // counts the entries ever made (none: a walk need not look).
    deepAt: new WeakMap(),
    deeps: 0,
    // Walk options (as a string) → element → its kept output.
    kept: new Map(),
    // The shadow roots walked so far: a set to ask (observed already?) and a list to go through
    // (their style sheets count in `sheetsKey`); neither keeps a root alive.
    roots: new WeakSet(),
    shadowRoots: [],
    observer: null,
    // The document's style sheets at the last walk (`sheetsKey`).
    sheets: null,
    // How far those sheets' rules reach (`reachOf`), and each sheet's (`sheetReach`).
    reach: { state: false, siblings: false, anywhere: false },
    sheetReach: new WeakMap(),
    styleReach: new Map(),
    // The media queries watched: query → its MediaQueryList and whether it matched at the last walk.
    media: new Map(),
    // Custom elements walked before they were defined or without a shadow root: a definition
    // (`:not(:defined)` rules) or a shadow root attached later (lazy-loaded components) tells
    // no observer, so each walk asks them (`{ref, defined}`).
    hosts: [],
    hostSet: new WeakSet(),
    // Each table's judgement at the last walk (true: it only lays the page out).
    tables: new WeakMap(),
    // The form controls' state at the last walk, while some rule reaches past a state
    // (`controlsKey`).
    controls: null,
  };
  // Marks a node and what contains it as changed, up the page as rendered: a node a slot shows
  // is inside that slot (and the shadow tree around it), then its host.
  const markUp = (node, gen, deep) => {
    if (deep && node && node.nodeType === 1) { C.deepAt.set(node, gen); C.deeps++; }
    for (let n = node; n;) {
      if (n.nodeType === 1) {
        if ((C.dirtyAt.get(n) || 0) >= gen) break;
        C.dirtyAt.set(n, gen);
      }
      n = n.assignedSlot || n.parentNode || n.host || null;
    }
  };
  // A style sheet that came, went or changed may change what anything shows.
  const STYLING = new Set(['STYLE', 'LINK']);
  const styling = (r) => {
    const node = r.type === 'characterData' ? r.target.parentNode : r.target;
    if (node && STYLING.has(node.nodeName)) return true;
    if (r.type !== 'childList') return false;
    for (const n of r.addedNodes) if (STYLING.has(n.nodeName)) return true;
    for (const n of r.removedNodes) if (STYLING.has(n.nodeName)) return true;
    return false;
  };
  const changed = (records) => {
    if (!records.length) return;
    const gen = ++C.gen;
    const { siblings, anywhere } = C.reach;
    for (const r of records) {
      if (anywhere || styling(r)) {
        C.floor = gen;
        return;
      }
      if (r.type === 'characterData') markUp(r.target, gen, false);
      // A shadow host's children came or went: what its slots show changed.
      else if (r.type === 'childList') markUp(r.target, gen, siblings || !!r.target.shadowRoot);
      else {
        markUp(r.target, gen, true);
        // A child that moved to another slot leaves the one it was in.
        if (r.attributeName === 'slot' && r.target.parentNode) markUp(r.target.parentNode, gen, true);
        if (siblings && r.target.parentNode) markUp(r.target.parentNode, gen, true);
        // A control shown or hidden changes what its labels are (see roleOf); its labels are
        // looked up only then (`labels` scans the tree scope).
        if (SHOWING_ATTRIBUTES.has(r.attributeName) && r.target.labels) {
          for (const label of r.target.labels) markUp(label, gen, true);
        }
      }
    }
  };
  // What the rules that can show or hide something (or name it, or make it clickable) depend on
  // besides the element and its ancestors' attributes: a state no mutation tells
  // (`.menu:hover .sub`, `:checked ~ .panel`), siblings and positions (`h2 + p`,
  // `li:first-child`), or anything (`:has()`, a container's size). A sheet that cannot be read
  // (cross-origin) or too many rules to scan count as all three.
  const STATE = /:(?:hover|active|focus|focus-within|focus-visible|checked|indeterminate|valid|invalid|user-valid|user-invalid|placeholder-shown|autofill|-webkit-autofill|target|target-within|open|closed|popover-open|modal|in-range|out-of-range|default|blank|playing|paused|fullscreen|state)(?![\w-])/i;
  const SIBLINGS = /[+~](?!=)|:(?:first-child|last-child|only-child|nth-child|nth-last-child|first-of-type|last-of-type|only-of-type|nth-of-type|nth-last-of-type|empty)(?![\w-])/i;
  const ANYWHERE = /:has\(/i;
  const showing = (style) => !!(style.display || style.visibility || style.contentVisibility || style.content || style.cursor);
  const inContainerQuery = (rule) => {
    for (let p = rule.parentRule; p; p = p.parentRule) if (typeof CSSContainerRule !== 'undefined' && p instanceof CSSContainerRule) return true;
    return false;
  };
  // The media queries the sheets ask (`@media`, `@import … screen`, a sheet's own `media`) are
  // watched too: one that starts or stops matching (a colour scheme or print emulated, reduced
  // motion) voids everything kept. Those a page cannot show cdt (a sheet it cannot read) are
  // guessed from the usual ones; width and height are the resize's.
  const USUAL_MEDIA = ['print', '(prefers-color-scheme: dark)', '(prefers-reduced-motion: reduce)', '(forced-colors: active)',
    '(prefers-contrast: more)'];
  // One sheet's reach and media queries, kept while its rule count stays: a sheet adopted by
  // 2,000 shadow roots is read once, and so are 2,000 `<style>` elements of the same text (each
  // copy of a component's template has its own).
  const sheetReach = (sheet) => {
    let rules;
    try { rules = sheet.cssRules.length; } catch (e) { rules = -1; }
    const owner = sheet.ownerNode;
    const text = owner && owner.nodeName === 'STYLE' ? rules + ':' + owner.textContent : null;
    const known = text === null ? C.sheetReach.get(sheet) : C.styleReach.get(text);
    if (known && known.rules === rules) return known;
    const found = { rules, state: false, siblings: false, anywhere: false, media: [] };
    if (sheet.media && sheet.media.mediaText) found.media.push(sheet.media.mediaText);
    const test = (rule) => {
      if (rule.media && rule.media.mediaText) found.media.push(rule.media.mediaText);
      if (rule.selectorText === undefined || !rule.style || !showing(rule.style)) return false;
      const selector = rule.selectorText;
      if (STATE.test(selector)) found.state = true;
      if (SIBLINGS.test(selector)) found.siblings = true;
      if (ANYWHERE.test(selector) || inContainerQuery(rule)) found.anywhere = true;
      return false;
    };
    if (H.anyRule([sheet], test, 50000)) found.state = found.siblings = found.anywhere = true;
    if (text === null) C.sheetReach.set(sheet, found);
    else {
      if (C.styleReach.size > 1000) C.styleReach.clear();
      C.styleReach.set(text, found);
    }
    return found;
  };
  const reachOf = (lists) => {
    const reach = { state: false, siblings: false, anywhere: false };
    const media = new Set(USUAL_MEDIA);
    const seen = new Set();
    for (const sheets of lists) {
      for (let i = 0; i < sheets.length; i++) {
        if (seen.has(sheets[i])) continue;
        seen.add(sheets[i]);
        const found = sheetReach(sheets[i]);
        reach.state = reach.state || found.state;
        reach.siblings = reach.siblings || found.siblings;
        reach.anywhere = reach.anywhere || found.anywhere;
        for (const query of found.media) media.add(query);
      }
    }
    watchMedia(media);
    return reach;
  };
  const voidAll = () => { C.floor = ++C.gen; };
  // (Compared at each walk, not told by `change` events: those come with the next frame, after
  // a snapshot asked right away.)
  const watchMedia = (queries) => {
    for (const query of C.media.keys()) if (!queries.has(query)) C.media.delete(query);
    for (const query of queries) {
      if (C.media.has(query)) continue;
      const list = matchMedia(query);
      C.media.set(query, { list, matches: list.matches });
    }
  };
  const mediaChanged = () => {
    let changed = false;
    for (const media of C.media.values()) {
      if (media.list.matches === media.matches) continue;
      media.matches = !media.matches;
      changed = true;
    }
    return changed;
  };
  // Rules added or removed through the CSSOM (insertRule) change no node: the walk compares the
  // rule counts of the sheets that style this document (its own, those it adopted, and those of
  // every shadow root walked so far) with the last walk's.
  // The key is a hash of the counts, in order: one count that changes always changes it (each
  // step multiplies by an odd number). Index loops and no strings: a page of 2,000 components,
  // each with its shadow root's sheets, costs ~1 ms a snapshot.
  const sheetLists = () => {
    const lists = [document.styleSheets, document.adoptedStyleSheets || []];
    let gone = false;
    for (const ref of C.shadowRoots) {
      const root = ref.deref();
      if (root) lists.push(root.styleSheets, root.adoptedStyleSheets || []);
      else gone = true;
    }
    if (gone) C.shadowRoots = C.shadowRoots.filter((ref) => ref.deref());
    return lists;
  };
  const sheetsKey = (lists) => {
    let h = 0;
    for (const sheets of lists) {
      const count = sheets.length;
      h = (h * 31 + count + 1) | 0;
      for (let i = 0; i < count; i++) {
        let rules;
        try { rules = sheets[i].cssRules.length; } catch (e) { rules = -1; }
        h = (h * 31 + rules) | 0;
      }
    }
    return h;
  };
  // Whether the sheets changed since the last look (their reach is then read again).
  const sheetsChanged = () => {
    const lists = sheetLists();
    const key = sheetsKey(lists);
    if (key === C.sheets) return false;
    C.sheets = key;
    C.reach = reachOf(lists);
    return true;
  };
  const OBSERVE = { subtree: true, childList: true, attributes: true, characterData: true };
  // Changes are watched from the first walk on (nothing is kept before it): installed as the
  // document is created, the probe would otherwise take a record for every node the parser
  // inserts, and every image's `load`, while the page loads.
  const watch = () => {
    try {
      C.observer = new MutationObserver(changed);
      C.observer.observe(document, OBSERVE);
      const touched = (deep) => (event) => {
        const gen = ++C.gen;
        markUp(event.target, gen, deep);
      };
      // Events that change a state (focus, checked, hover, the URL's fragment…): everything kept
      // when some rule reaches past an element with that state, else the target's own lines (for
      // the events that change what the target itself shows).
      const OWN_LINES = new Set(['focusin', 'focusout', 'input', 'change', 'toggle']);
      const stated = (event) => {
        const gen = ++C.gen;
        if (C.reach.state) C.floor = gen;
        else if (OWN_LINES.has(event.type)) markUp(event.target, gen, false);
      };
      for (const type of [...OWN_LINES, 'mouseover', 'mouseout', 'mousedown', 'mouseup', 'fullscreenchange', 'play', 'pause']) {
        document.addEventListener(type, stated, true);
      }
      addEventListener('hashchange', stated, true);
      for (const type of ['load', 'error']) document.addEventListener(type, touched(false), true);
      for (const type of ['transitionend', 'animationend']) document.addEventListener(type, touched(true), true);
      addEventListener('resize', voidAll, true);
    } catch (e) { /* no document yet: nothing is kept */ }
  };
  // What a script sets by property (`checked`, `value`, a selection) tells no event and no
  // mutation, yet a `:checked ~ .panel` rule shows what it says: while some rule reaches past a
  // state, each walk compares the document's form controls with the last walk's.
  const controlsKey = () => {
    const out = [];
    for (const el of document.querySelectorAll('input,select,textarea')) out.push(el.checked, el.value, el.selectedIndex);
    return out;
  };
  const sameList = (a, b) => {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
    return true;
  };
  const controlsChanged = () => {
    const now = C.reach.state ? controlsKey() : null;
    const changed = !!now && !!C.controls && !sameList(now, C.controls);
    C.controls = now;
    return changed;
  };
  const hostsChanged = () => {
    if (!C.hosts.length) return;
    let gen = 0;
    C.hosts = C.hosts.filter((host) => {
      const el = host.ref.deref();
      if (!el) return false;
      const defined = host.defined || el.matches(':defined');
      if (!el.shadowRoot && defined === host.defined) return true;
      markUp(el, gen || (gen = ++C.gen), true);
      host.defined = defined;
      if (!el.shadowRoot) return true;
      C.hostSet.delete(el);
      return false;
    });
  };
  const observeRoot = (root) => {
    if (!C.observer || C.roots.has(root)) return;
    C.roots.add(root);
    C.shadowRoots.push(new WeakRef(root));
    C.observer.observe(root, OBSERVE);
  };

  // The one link or button that is an element's whole content, if its name is `name`.
  const soleControl = (el, name, nameOf) => {
    const inner = el.querySelectorAll('a[href],button,[role=link],[role=button]');
    if (inner.length !== 1) return null;
    const control = inner[0];
    const role = H.roleOf(control);
    if (role !== 'link' && role !== 'button') return null;
    return nameOf(control, role, false, true) === name ? control : null;
  };

  // Run-length compression: repeated identical sibling lines without uid and without children
  // (`text "★"`, an empty `cell`) become one line ending in `×N`. Lines with uids never merge.
  // `depths` and `plain` (no uid) are the lines' own: a line is compared with the next only
  // when neither has a uid (comparing two lines of one length reads them both whole).
  const compress = (lines, depths, plain) => {
    const out = [];
    const leaf = (j) => j + 1 >= lines.length || depths[j + 1] <= depths[j];
    for (let i = 0; i < lines.length;) {
      const line = lines[i];
      let n = 1;
      // Only a line equal to the next can start a run (most lines are not: nothing to check).
      if (plain[i] && plain[i + 1] && lines[i + 1] === line) {
        while (i + n < lines.length && lines[i + n] === line && leaf(i + n - 1) && leaf(i + n)) n++;
      }
      out.push(n > 2 ? line + ' ×' + n : line);
      if (n === 2) out.push(line);
      i += n;
    }
    return out;
  };

  // The shadow roots the walks have met (animations inside them are not the document's: an
  // action's wait for what moves asks them too).
  const shadowRoots = () => C.shadowRoots.map((ref) => ref.deref()).filter((root) => root && root.host && root.host.isConnected);

  const snapshot = function (args, target) {
    const maxDepth = args.depth === undefined || args.depth === null ? Infinity : args.depth;
    const maxName = args.maxName || 0;
    const maxText = args.maxName || 100;
    let start = document.documentElement;
    if (target) {
      if (!target.isConnected || target.ownerDocument !== document) return { error: 'stale' };
      start = target;
    } else if (args.uid) {
      return { error: 'stale' };
    }
    if (args.rootSelector) {
      const found = H.query(args.rootSelector);
      if (found.error) return found;
      if (!found.el) return { error: 'unknown', selector: args.rootSelector };
      start = found.el;
    }
    if (!start) return { lines: [], frames: [], url: location.href, title: H.clean(document.title), timeOrigin: performance.timeOrigin };
    if (!C.observer) watch();
    // Changes the observer has not told yet are counted before anything is reused.
    if (C.observer) changed(C.observer.takeRecords());
    if (mediaChanged() || controlsChanged()) voidAll();
    hostsChanged();
    if (sheetsChanged()) voidAll();
    // A modal `<dialog>` shown makes the rest of the page inert (Chromium's tree shows the
    // dialog alone): what is outside it is no line. Its opening or closing voids what was kept.
    const modal = H.topModal(document);
    if (modal !== C.modal) {
      C.modal = modal;
      voidAll();
    }
    const gen = C.gen;
    const key = [args.interactive, args.verbose, maxName, maxText, maxDepth].join('|');
    // (A first walk in this view has nothing kept to look up.)
    const reuse = C.kept.has(key);
    if (!reuse) C.kept.set(key, new WeakMap());
    const kept = C.kept.get(key);
    // Names asked twice in one walk (a folded heading's control, asked first by `soleControl`:
    // `keep`) are computed once.
    const names = new Map();
    const nameOf = (el, role, shown, keep) => {
      const known = names.size ? names.get(el) : undefined;
      if (known && known.role === role) return known.name;
      const name = H.nameOf(el, role, maxName, shown);
      if (keep) names.set(el, { role, name });
      return name;
    };
    // The lines as records: `{d, body}` for text, `{d, el, role, uid, name, states, live,
    // frame}` for an element (its uid and, when live, its name and states are read when the
    // lines are put together).
    const recs = [];
    // States a folded container hands to the control that replaces it (`heading=2`).
    const extra = new Map();
    let text = { depth: 0, parts: [] };
    // (Called at every block's edges: it allocates only when there is text to put out.)
    const flush = () => {
      if (!text.parts.length) return;
      const words = H.clean(text.parts.join(''), maxText);
      if (words) recs.push({ d: text.depth, body: 'text ' + H.quote(words) });
      text = { depth: 0, parts: [] };
    };
    // Text joins the run of text at its depth (a run at another depth is put out first).
    const addText = (data, depth) => {
      if (text.parts.length && text.depth !== depth) flush();
      text.depth = depth;
      text.parts.push(data);
    };
    const emit = (el, role, name, depth, withUid, candidate) => {
      flush();
      const more = extra.get(el);
      const live = LIVE_TAGS.has(el.tagName) || el.isContentEditable || el.hasAttribute('aria-labelledby') || el.hasAttribute('aria-describedby');
      const rec = { d: depth, el, role, uid: withUid, name, more, candidate, live, frame: false, states: null };
      if (!live) rec.states = statesWith(el, role, more);
      recs.push(rec);
      return rec;
    };
    const statesWith = (el, role, more) => {
      const states = H.statesOf(el, role, args.verbose);
      return more ? states.concat(more) : states;
    };
    // `named`: an ancestor is named from its content (its words are not repeated as text);
    // `inAction`: inside an actionable element; `cursor`: the parent's cursor, when known;
    // `deep`: the latest change of an ancestor that may change what this element shows.
    // A prepared walk stops at its budget (the agent's next command waits for it): the blocks
    // it finished are kept, none it cut short.
    const until = args.prepare && args.budgetMs ? performance.now() + args.budgetMs : Infinity;
    let cut = false;
    let blocks = 0;
    // A table part's judgement is its table's, as this walk judged it on the way down (judged
    // here only for a walk that starts inside the table).
    const judged = new Map();
    const inLayoutTable = (el) => {
      const table = el.closest('table');
      if (!table) return false;
      const known = judged.get(table);
      return known !== undefined ? known : H.inLayoutTable(table);
    };
    // Whether a style of the tree scope being walked may set `text-transform` (text is then
    // taken as laid out, in the case it shows, as Chromium's tree has it).
    let transforms = H.transformsIn(start.getRootNode());
    // The same for the tree scope of the shadow host being walked (whose children its slots show).
    let lightTransforms = transforms;
    const walk = (el, depth, named, inAction, cursor, deep) => {
      if (depth > maxDepth || cut) return;
      if (el.nodeType === 3) {
        if (!args.interactive && !named) addText(transforms ? H.laidOut(el) : el.data, depth);
        return;
      }
      if (el.nodeType !== 1) return;
      const tag = el.tagName;
      if (SKIP.has(tag)) return;
      // (Nor what is inert: a page behind its open drawer, Angular Material's sidenav content;
      // Chromium's tree ignores it, and a user's clicks do not reach it.)
      if (el.getAttribute('aria-hidden') === 'true' || el.hasAttribute('inert')) return;
      if (modal && !el.contains(modal) && !modal.contains(el)) return;
      const block = BLOCK.has(tag);
      // A table judged data at one walk and layout at another (it grew to 20 rows, its cells
      // got borders): its rows and cells are walked again.
      if (tag === 'TABLE') {
        const layout = H.inLayoutTable(el);
        const was = C.tables.get(el);
        C.tables.set(el, layout);
        judged.set(el, layout);
        if (was !== undefined && was !== layout) { C.deepAt.set(el, ++C.gen); C.deeps++; }
      }
      const deepHere = C.deeps ? Math.max(deep, C.deepAt.get(el) || 0) : deep;
      if (block) {
        // (The clock is read every 32 blocks: thousands of reads add up in a cold walk.)
        if (until !== Infinity && (++blocks & 31) === 0 && performance.now() > until) {
          cut = true;
          return;
        }
        flush();
        const entry = reuse ? kept.get(el) : undefined;
        if (entry && entry.gen >= Math.max(C.floor, deepHere, C.dirtyAt.get(el) || 0) && entry.depth === depth &&
            entry.named === named && entry.inAction === inAction && entry.cursor === cursor) {
          for (const rec of entry.recs) recs.push(rec);
          return;
        }
      }
      // An element inline by its tag that the page lays out as a box of its own (floated,
      // positioned out of the flow, a block), right after text with no space between (a date
      // picker's "Prev" and "Next" links): its words are a line of their own, as they show,
      // not run into the text before it ("PrevNext"). (Its style is read only then.)
      const boxed = !block && text.parts.length > 0 && !endsInSpace(text.parts[text.parts.length - 1]) && H.blockBox(el);
      if (boxed) flush();
      const from = recs.length;
      walkElement(el, tag, block, depth, named, inAction, cursor, deepHere);
      if (boxed) flush();
      if (block && !cut) {
        flush();
        kept.set(el, { gen, depth, named, inAction, cursor, recs: recs.slice(from) });
      }
    };
    // An empty element that takes the focus only to pass it on (a dialog's or a grid's focus
    // guards, `tabindex=0` and no box): nothing an agent could click, and no line in Chromium's
    // tree either.
    const focusGuard = (el, role, name) => {
      if (role !== H.CLICKABLE || name || el.firstChild) return false;
      const box = el.getBoundingClientRect();
      return box.width === 0 || box.height === 0;
    };
    // (A control named by `aria-labelledby` or `aria-label` is not named by a label around it,
    // only by what it names: Quasar's field is a `<label>` around its input, its chips and its
    // floating label, the input named by that floating label; the chips' words are text, as in
    // Chromium's tree. The parts of the label the control names by `aria-labelledby`, met as
    // the label is walked, name it: `labelParts`.)
    const labelParts = new WeakSet();
    const namedOtherwise = (label, control) => {
      // (Named by `aria-label`: the part of the label of those very words names it too —
      // Quasar's floating label.)
      const words = (control.getAttribute('aria-label') || '').trim();
      if (words) {
        for (const part of label.querySelectorAll('*')) {
          if (part.childElementCount === 0 && part.textContent.trim() === words) labelParts.add(part);
        }
        return true;
      }
      for (const part of H.idrefs(control, 'aria-labelledby')) if (label.contains(part)) labelParts.add(part);
      return (control.getAttribute('aria-labelledby') || '').trim() !== '';
    };
    const namesItsControl = (label, control) => control !== null && !control.closest('[aria-hidden=true]') &&
      (!control.localName.includes('-') || !!H.roleOf(control)) && !namedOtherwise(label, control);
    const walkElement = (el, tag, block, depth, named, inAction, cursor, deep) => {
      if (tag.includes('-') && !el.shadowRoot && !C.hostSet.has(el)) {
        C.hostSet.add(el);
        C.hosts.push({ ref: new WeakRef(el), defined: el.matches(':defined') });
      }
      let role = inAction ? H.roleOf(el, 'pointer') : H.roleOf(el, cursor);
      // A clickable by its marks alone whose parts set a hand of their own (a menu's options):
      // its parts are clickables of their own, and their words do not name it.
      const splits = role === H.CLICKABLE && H.holdsTargets(el);
      // A table that only lays the page out shows its contents, not its table, rows and cells
      // (but a part the author named).
      if (role && LAYOUT_PARTS.has(role) && inLayoutTable(el) && !H.hasOwnName(el)) role = null;
      // Its own text does not show (visibility:hidden).
      let textHidden = false;
      if (tag !== 'OPTION' && !H.isVisible(el)) {
        // display:none hides the subtree, and so does content-visibility:hidden above it (a
        // closed <details>' content: checkVisibility says it is skipped); display:contents and
        // visibility:hidden do not hide children that are visible themselves: walk them,
        // without a line for this element, nor its own text.
        const style = getComputedStyle(el);
        const display = style.display;
        if (display === 'none' || (display !== 'contents' && !el.checkVisibility())) return;
        role = null;
        // (Words directly in an element laid out by its children alone — a slot's assigned
        // words, a web component's closed modal's heading — show as its visibility says.)
        textHidden = display !== 'contents' || style.visibility !== 'visible';
      }
      // A pointer cursor set on an element is inherited by its children: only the element
      // that sets it counts as clickable (a label's is its control's: not its icon's).
      // (So is a web component host's: what its shadow tree draws inherits it; and a sortable
      // column's header's, DataTables': what lays out its title and sort button inherits it.)
      const setsHand = (tag === 'LABEL' && el.control !== null) || el.shadowRoot || role === 'columnheader';
      const childCursor = splits ? undefined : role === H.CLICKABLE || (!inAction && cursor === 'pointer') ||
        setsHand && getComputedStyle(el).cursor === 'pointer' ? 'pointer' : undefined;
      let childDepth = depth;
      // A bare clickable around one control and nothing else it shows (Ant Design's tab around
      // its `tab`, a pager's item around its button) is that control: no line of its own, as in
      // Chromium's tree (a click on the control reaches it). (What it holds still takes its
      // cursor: no clickable of its own.)
      // (The words of its label that name that control name it: no text lines.)
      // (A host whose words take the hand of the control its shadow tree draws around them,
      // Ionic's item drawn as a button, is that control too.)
      const folded = role === H.CLICKABLE && (!splits || el.shadowRoot) && !H.hasOwnName(el) ? wrapsOneControl(el) : null;
      if (folded) {
        role = null;
        for (const part of folded) labelParts.add(part);
      }
      // A label's words name its control; they are not repeated as text lines (a label that
      // labels nothing, like a to-do item's text beside its checkbox, is text, and so is one
      // whose control is hidden from the tree: a native select a widget replaced, `aria-hidden`;
      // or a form-associated custom element without a role, whose checkbox inside its shadow
      // tree the label does not name: Material Web's `md-checkbox`, as in Chromium's tree).
      let childNamed = named || (tag === 'LABEL' && namesItsControl(el, el.control)) || tag === 'LEGEND' || labelParts.has(el);
      let childInAction = inAction;
      if (role) {
        const actionable = H.isActionable(el, role);
        const candidate = args.verbose || actionable || role === 'heading' || !args.interactive;
        let name = candidate ? nameOf(el, role, tag !== 'OPTION') : '';
        // A clickable that holds controls of its own (a map with its markers and zoom buttons,
        // a card with its buttons) or a table is not named by all their words: they have lines
        // of their own, and its text shows below it.
        // (Controls that do not show do not count: a label around its hidden file input or
        // checkbox is named by its words.)
        if (name && role === H.CLICKABLE && !H.hasOwnName(el) && (splits || holdsShownControl(el))) name = '';
        // An icon that acts, named by nothing Chromium reads (its picture kept from screen
        // readers: UI5's value-help and step buttons, an `svg` with `aria-hidden` and a title),
        // is named by its picture's own label: the words its tooltip shows.
        if (!name && role === H.CLICKABLE && candidate) name = iconLabel(el);
        let keep;
        if (args.verbose) keep = true;
        else if (actionable) keep = !(role === 'option' && args.interactive && !el.selected) && !focusGuard(el, role, name);
        else if (args.interactive) keep = role === 'heading';
        else keep = !!name || KEEP_UNNAMED.has(role);
        if (keep && !args.verbose && !actionable && name && FOLDS_INTO_CONTROL.has(role)) {
          const control = soleControl(el, name, nameOf);
          if (control) {
            keep = false;
            if (role === 'heading') extra.set(control, 'heading=' + H.headingLevel(el));
          }
        }
        if (keep) {
          const rec = emit(el, role, name, depth, args.verbose || actionable || wantsUid(el, role, name), candidate);
          childDepth = depth + 1;
          // (An editing host's words are its value, named or not: not lines again below it.)
          if ((name && (H.fromContent(role) || role === H.CLICKABLE)) || el.isContentEditable) childNamed = true;
          if (tag === 'IFRAME' || tag === 'FRAME') {
            rec.frame = true;
            return;
          }
          // (A drop-down's options are in its pop-up, not on the page; a list box shows them.)
          if (tag === 'SELECT' && !args.verbose && role !== 'listbox') return;
        }
        if (actionable && !splits) childInAction = true;
      }
      // The page as rendered (its flat tree): a shadow host shows its shadow tree, and its own
      // children only where a slot of that tree takes them (in the slot's place: a dialog's
      // text inside its hidden panel stays hidden, a button's label is its name, not a line).
      if (el.shadowRoot) {
        observeRoot(el.shadowRoot);
        const outer = transforms;
        const outerLight = lightTransforms;
        lightTransforms = transforms;
        transforms = H.transformsIn(el.shadowRoot);
        for (let child = el.shadowRoot.firstChild; child; child = child.nextSibling) walk(child, childDepth, childNamed, childInAction, childCursor, deep);
        transforms = outer;
        lightTransforms = outerLight;
        return;
      }
      // Content hidden until found (by the browser's find in page) is skipped, its text too.
      if (el.getAttribute('hidden') === 'until-found') return;
      // A closed <details> shows its summary only (its other children, text too, are skipped).
      if (tag === 'DETAILS' && !el.open) {
        const summary = el.querySelector(':scope > summary');
        if (summary) walk(summary, childDepth, childNamed, childInAction, childCursor, deep);
        return;
      }
      // A text area's words are its value (`value=`): its child text is only what it began with.
      // What a script puts inside an input, an image or a frame's element never shows
      // (PlastronJS's to-do template writes its state into each checkbox: no line in Chromium's
      // tree either).
      if (UNSHOWN_CHILDREN.has(tag)) return;
      // Siblings by link, not through a NodeList and an iterator per element (a cold walk runs
      // unoptimized, where each of those is garbage); text is taken here, as `walk` takes it,
      // without a call per text node.
      const takesText = !textHidden && !args.interactive && !childNamed && childDepth <= maxDepth;
      // A slot shows the nodes assigned to it (of the host's tree scope), else its own children.
      const assigned = tag === 'SLOT' ? el.assignedNodes() : NONE;
      if (assigned.length) {
        const inner = transforms;
        transforms = lightTransforms;
        for (const child of assigned) {
          if (child.nodeType === 3) {
            if (takesText && !cut) addText(transforms ? H.laidOut(child) : child.data, childDepth);
          } else {
            walk(child, childDepth, childNamed, childInAction, childCursor, deep);
          }
        }
        transforms = inner;
        return;
      }
      for (let child = el.firstChild; child; child = child.nextSibling) {
        if (child.nodeType === 3) {
          if (takesText && !cut) addText(transforms ? H.laidOut(child) : child.data, childDepth);
        } else {
          walk(child, childDepth, childNamed, childInAction, childCursor, deep);
        }
      }
    };
    const rootsBefore = C.shadowRoots.length;
    walk(start, 0, false, false, undefined, 0);
    flush();
    // Shadow roots first walked now: their sheets, as this walk saw them, join the key.
    if (C.shadowRoots.length !== rootsBefore) sheetsChanged();
    // A prepared walk (after a navigation, before the agent asks) only keeps what it found.
    if (args.prepare) return { prepared: recs.length, cut };
    // The lines put together: uids, and what live lines show now.
    const lines = [];
    const depths = [];
    const plain = [];
    const frames = [];
    const active = H.deepActive(document);
    const indents = [''];
    for (const rec of recs) {
      while (indents.length <= rec.d) indents.push(indents[indents.length - 1] + '  ');
      const indent = indents[rec.d];
      depths.push(rec.d);
      if (!rec.el) {
        lines.push(indent + rec.body);
        plain.push(true);
        continue;
      }
      const el = rec.el;
      const now = rec.live || el === active || (rec.states && rec.states.includes('focused'));
      const name = rec.live && rec.candidate && el.isConnected ? H.nameOf(el, rec.role, maxName) : rec.name;
      const states = now ? statesWith(el, rec.role, rec.more) : rec.states;
      const shown = H.shown(rec.role);
      const uid = rec.uid ? H.ref(el, () => H.signature(el, shown, name)) : null;
      lines.push(indent + (uid ? uid + ' ' : '') + shown + (name ? ' ' + H.quote(name) : '') + (states.length ? ' ' + states.join(' ') : ''));
      plain.push(!uid);
      if (rec.frame) frames.push({ uid: uid || H.ref(el), depth: rec.d + 1 });
    }
    // Each uid's role and name are on its line: the daemon reads them there.
    return { lines: compress(lines, depths, plain), frames, url: location.href, title: H.clean(document.title), timeOrigin: performance.timeOrigin };
  };
  snapshot.shadowRoots = shadowRoots;
  return snapshot;
})
