// cdt's page probe. Installed once per document and frame in an isolated world of cdt's own
// (see world.rs), as `(PROBE)(A11Y, SNAPSHOT)` where A11Y is the accessibility
// model (accname.js) and SNAPSHOT the snapshot walk (snapshot.js); the result, `{ run, learn }`,
// is kept on the isolated world's own global `cdt`. Page scripts never see that world: its
// built-ins (MutationObserver, getBoundingClientRect, querySelectorAll, …) are its own, so a
// page's patches and globals cannot reach the probe.
//
// The probe never decides uids. It reports nodes: `ref(el)` answers the uid the daemon taught it
// for `el`, or a placeholder `\u007f<nonce>:<i>\u007f` for the i-th node it reports fresh (page
// text never carries that character: `clean`; JSON never escapes it, so a placeholder costs a
// few bytes on the way). `run` returns `[json, gen, nonce, freshCount, adopted, lines]` (a
// snapshot's lines as one text); the daemon numbers the fresh nodes, replaces
// the placeholders, and calls `learn(gen, uids)`. The probe then holds uid → node for the
// document (`node(uid)`), which the daemon asks the first time a command names the uid; it
// keeps the node's backendNodeId from then on and resolves the element itself (DOM.resolveNode),
// passing it as `target`.
//
// A page that re-renders (a list rebuilt with innerHTML, a framework replacing a row) replaces
// nodes with equal ones. A snapshot line's new node *adopts* the uid of a node that left the
// document if both have the same signature (role, name, tag, their parent's tag and text, as
// when the uid was issued), so an agent's uid and the diff stay the same across re-renders.
// `run` then also returns the adopted uids, whose backendNodeId the daemon reads again.
(function (A11Y, SNAPSHOT) {
  'use strict';
  const bytes = new Uint32Array(2);
  crypto.getRandomValues(bytes);
  const R = { cache: new WeakMap(), byUid: new Map(), fresh: [], freshIndex: new Map(), gens: new Map(), gen: 0, epoch: undefined,
    sig: new Map(), freshSig: [], adopted: [], pool: null, sigWork: [], sigTimer: null, cursorScopes: new Map(), markScopes: new Map(),
    lastMutation: Date.now(), mutations: 0, observer: null, nonce: bytes[0].toString(36), sent: new Map(), sentCount: 0,
    hot: new WeakMap(), acting: 0, settling: false, lastChurn: 0, alone: new WeakMap(), touched: new WeakSet(), walkedAt: 0, baseAt: 0 };
  // Changes a page makes on its own, over and over (a clock, a spinner turned by script, a
  // ticker, an autoplaying carousel), are not an action's, nor a sign the page is still busy. A
  // node churns when it changed at two moments within CHURN_MS while no action was under way
  // (from `state` with `acting` to the end of its `settle`, ACT_MS at most), or a child of it
  // did; a child of a churning node that changed then too takes part in its churn (a carousel's
  // bullets, its slides, a ticker's items: each changes more slowly than they do together). A
  // change of a churning node, or of a child taking part in its churn, neither holds a settle
  // back, nor makes the DOM unstable (`msSinceMutation`), nor counts among `mutations`
  // — but while the action's input is being dispatched (before its settle), it counts where the
  // churn comes no faster than every FAST_MS: a click on a carousel's Next changes the nodes its
  // autoplay changes.
  const CHURN_MS = 6000;
  const ACT_MS = 5000;
  const FAST_MS = 250;
  // Notes a change of `node` (of its child `kid`) at `now`.
  const bump = (node, now, kid) => {
    if (!node) return;
    let seen = R.hot.get(node);
    if (!seen || now - seen.at >= CHURN_MS) R.hot.set(node, (seen = { at: now, n: 1, every: Infinity, kids: null }));
    // (Records of one batch come at once: the node's rhythm is the time between batches, on
    // average: a timer delayed once does not make a spinner slow.)
    else if (now > seen.at) {
      seen.every = seen.every === Infinity ? now - seen.at : (3 * seen.every + now - seen.at) / 4;
      seen.n += 1; seen.at = now;
    }
    if (kid) (seen.kids || (seen.kids = new WeakSet())).add(kid);
  };
  const churns = (node, now) => {
    const seen = node && R.hot.get(node);
    return seen && seen.n >= 2 && now - seen.at < CHURN_MS ? seen : null;
  };
  // The churn a change of `node` belongs to: its own, or its parent's when it takes part.
  const churnOf = (node, now) => {
    const parent = churns(node.parentNode, now);
    return churns(node, now) || (parent && parent.kids && parent.kids.has(node) ? parent : null);
  };
  const observed = (records) => {
    const now = Date.now();
    const acting = now - R.acting < ACT_MS;
    const dispatching = acting && !R.settling;
    let counted = 0;
    for (const record of records) {
      const node = record.target;
      const churn = churnOf(node, now);
      if (!acting) { bump(node, now, null); bump(node.parentNode, now, node); }
      if (churn) R.lastChurn = now;
      const counts = !churn || (dispatching && churn.every >= FAST_MS);
      if (!acting || !counts) {
        // Nodes the page brought or took away on its own, not in an action's name (a feed's
        // items): see `churning`.
        for (const added of record.addedNodes) R.alone.set(added, now);
        for (const removed of record.removedNodes) R.alone.set(removed, now);
      }
      if (counts) counted += 1;
      // A churning node the action changed: its animations are the action's (see `underway`).
      if (churn && counts) R.touched.add(node);
    }
    if (counted) { R.lastMutation = now; R.mutations += counted; }
  };
  // The probe watches for changes from its first command on, not from its install: installed
  // as the document is created (see world.rs), it would otherwise take a record for every node
  // the parser inserts and slow every page's load.
  const watch = () => {
    R.lastMutation = Date.now();
    R.observer = new MutationObserver(observed);
    try {
      R.observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    } catch (e) { /* no document yet */ }
  };

  // The uids whose node left the document, by signature (built once per run, when needed).
  const retired = () => {
    if (R.pool) return R.pool;
    R.pool = new Map();
    for (const [uid, sig] of R.sig) {
      const held = R.byUid.get(uid);
      const el = held && held.deref();
      if (el && el.isConnected) continue;
      if (!R.pool.has(sig)) R.pool.set(sig, []);
      R.pool.get(sig).push(uid);
    }
    return R.pool;
  };
  // `signed` (given by the snapshot: reads the node's signature) lets a new node adopt a retired
  // uid of the same signature. It is read here only when some uid has retired; the signatures
  // of new uids are read after the reply (`learn`), off the command's path.
  const ref = (el, signed) => {
    if (!el || el.nodeType !== 1) return null;
    const known = R.cache.get(el);
    if (known) return known;
    if (signed && R.sig.size && retired().size) {
      const uids = retired().get(signed());
      const uid = uids && uids.shift();
      if (uid) {
        R.cache.set(el, uid);
        R.byUid.set(uid, new WeakRef(el));
        R.adopted.push(uid);
        return uid;
      }
    }
    let index = R.freshIndex.get(el);
    if (index === undefined) {
      index = R.fresh.length;
      R.fresh.push(el);
      R.freshIndex.set(el, index);
      R.freshSig[index] = signed;
    }
    return '\u007f' + R.nonce + ':' + index + '\u007f';
  };
  // A snapshot line's signature: role, name, its tag and its parent's (two unnamed checkboxes
  // beside the same text — a list's "toggle all" and its only row's — are not one thing; not
  // its id, which frameworks generate anew for each render), and the text of its parent
  // element when that is small (a list item, a row: what a re-render rebuilds). Read cheaply,
  // for every new node of a snapshot: no regular expression, no text of a large subtree.
  const signature = (el, role, name) => {
    const parent = el.parentElement;
    let text = '';
    if (parent && parent.childElementCount <= 12) {
      for (const child of parent.childNodes) {
        if (child.nodeType === 3) text += child.data;
        else if (child.nodeType === 1 && child.childElementCount <= 4) text += child.textContent;
        if (text.length > 200) break;
      }
    }
    const where = el.localName + '<' + (parent ? parent.localName : '');
    return role + '\u0000' + name + '\u0000' + where + '\u0000' + text.slice(0, 200);
  };
  // Page text never carries control characters into a reply (they delimit placeholders), nor
  // the invisible ones an editor or a widget writes between words (zero-width space, word
  // joiner, byte order mark: CKEditor's inline filler, Material UI's empty select), which a
  // reader would take for letters and a text match would miss; nor an icon font's glyphs
  // (Unicode's private use area, drawn by `::before`: Fomantic UI's and Font Awesome's icons),
  // which read as nothing but cost tokens.
  // (A string with none of those — most names, normalized already — is kept as it is.)
  const UNCLEAN = /[^\S ]|[\u0000-\u001f\u007f\u200b\u2060\ufeff\ue000-\uf8ff]| {2}|^ | $/;
  const clean = (s, max) => {
    // One pass: a run of white space and control characters becomes one space.
    s = String(s || '');
    if (UNCLEAN.test(s)) s = s.replace(/[\u200b\u2060\ufeff\ue000-\uf8ff]+/g, '').replace(/[\s\u0000-\u001f\u007f]+/g, ' ').trim();
    return max && s.length > max ? s.slice(0, max - 1) + '…' : s;
  };
  const quote = (s) => '"' + (s.includes('\\') || s.includes('"') ? s.replace(/\\/g, '\\\\').replace(/"/g, '\\"') : s) + '"';
  // The hosts of the open shadow roots under `root`, in page order (those inside a shadow root
  // right after its host).
  function* shadowHosts(root) {
    for (const el of root.querySelectorAll('*')) {
      if (el.shadowRoot) { yield el; yield* shadowHosts(el.shadowRoot); }
    }
  }
  // The first element a CSS selector matches (`el: null` for none), or a bad selector's error.
  // None in the document: the first in an open shadow root, each root matched on its own (a
  // selector does not cross into one), in the order of their hosts.
  const query = (selector) => {
    try {
      const el = document.querySelector(selector);
      if (el) return { el };
      for (const host of shadowHosts(document)) {
        const found = host.shadowRoot.querySelector(selector);
        if (found) return { el: found };
      }
      return { el: null };
    } catch (e) { return { error: 'invalid-selector', message: clean(e.message || e, 200) }; }
  };

  const ACTIONABLE = new Set(['button', 'link', 'textbox', 'searchbox', 'checkbox', 'radio', 'combobox', 'listbox', 'option', 'slider',
    'spinbutton', 'switch', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'treeitem', 'iframe']);
  const CLICKABLE = 'generic-clickable';
  // The probe's pseudo-role for an element that takes drops (inline `ondrop`/`ondragover`, a
  // `dropzone`, `aria-dropeffect`): `element drag` needs a uid to drop on.
  const DROPTARGET = 'generic-droptarget';
  const takesDrops = (el, scope) => marksIn(scope) && (el.hasAttribute('ondrop') || el.hasAttribute('ondragover') || el.hasAttribute('dropzone') ||
    (el.hasAttribute('aria-dropeffect') && el.getAttribute('aria-dropeffect') !== 'none'));
  const INLINE_TEXT = new Set(['LABEL', 'SPAN', 'B', 'I', 'EM', 'STRONG', 'SMALL', 'FONT', 'SUB', 'SUP', 'CODE', 'ABBR', 'MARK', 'BR']);
  // Cursors an author sets on what takes the pointer: a click (`pointer`), or a drag (`grab`,
  // `move`: a board's cards, a sortable list's items).
  const TAKES_HOLD = new Set(['pointer', 'grab', 'move']);
  // Whether an element takes clicks without a role of its own: onclick, tabindex, draggable, or
  // a pointer cursor it sets itself (a script-bound handler's usual sign). `inherited` is the
  // parent's cursor, so only the element that sets the pointer counts, not its children.
  // `scope` is el's tree scope. A `tabindex=-1` counts on an element its author named: the
  // items of a composite widget that moves the focus among them (a date picker's days), the
  // rest waiting their turn out of the tab order.
  const clickableWithoutRole = (el, parentCursor, scope, role) => {
    if (marksIn(scope)) {
      if (el.hasAttribute('onclick') || (el.hasAttribute('tabindex') && (el.tabIndex >= 0 || el.hasAttribute('aria-label')) &&
        !GRID_PARTS.has(role) && !passesFocus(el))) return true;
      if (el.getAttribute('draggable') === 'true') return true;
    }
    if (INLINE_TEXT.has(el.tagName) || parentCursor === 'pointer') return false;
    // (A web component's host may take its cursor from its own shadow tree: `:host`.)
    const styled = authorCursor(scope) || (!!el.shadowRoot && authorCursor(el.shadowRoot));
    if (!styled || !TAKES_HOLD.has(getComputedStyle(el).cursor)) return false;
    // A host that draws a control of its own inside (Material Web's buttons: a `button` in
    // its shadow tree) is that control, as in Chromium's tree: not a clickable around it.
    return !(el.shadowRoot && el.shadowRoot.querySelector(INNER_CONTROLS));
  };
  const INNER_CONTROLS = 'a[href],button,input,select,textarea,[role=button],[role=link],[role=checkbox],[role=switch],[role=radio],[role=slider],[role=combobox],[role=tab],[role=menuitem],[role=option]';
  // Whether a host passes the focus its `tabindex` takes on to a control its shadow tree shows
  // (`delegatesFocus`: Spectrum's `sp-checkbox` around its `input`): the host is that control,
  // no clickable of its own, as in Chromium's tree.
  const passesFocus = (el) => !!el.shadowRoot && el.shadowRoot.delegatesFocus &&
    [...el.shadowRoot.querySelectorAll(INNER_CONTROLS)].some(isVisible);
  // Whether some element of a tree scope carries one of the attributes that make an element
  // clickable or a drop target without a role. Answered once per scope and run: most pages
  // have none, and thousands of elements need not each be asked for seven attributes.
  const MARKS = '[onclick],[tabindex],[draggable],[ondrop],[ondragover],[dropzone],[aria-dropeffect]';
  const hasMarks = (scope) => !scope.querySelector || !!scope.querySelector(MARKS);
  const marksIn = (scope) => onceIn(R.markScopes, scope, hasMarks);
  // A question about a tree scope, answered once per scope and run (`table`, emptied by `run`;
  // `answer(scope)`).
  const onceIn = (table, scope, answer) => {
    let known = table.get(scope);
    if (known === undefined) {
      known = answer(scope);
      table.set(scope, known);
    }
    return known;
  };
  // Whether an author style may set `cursor` in a tree scope (a style sheet rule, an inline
  // style, a shadow root's sheets). When none can, an element's cursor is the browser's own, a
  // pointer only on links and controls (which have roles): the style need not be computed for
  // each of thousands of elements. Answered once per scope and run; anything unreadable (a
  // cross-origin sheet) or too large to scan counts as "may".
  const sheetsSetCursor = (sheets) => A11Y.anyRule(sheets, (rule) => !!(rule.style && rule.style.cursor));
  const setsCursor = (scope) => !!scope.querySelector('[style*="cursor" i]') || sheetsSetCursor(scope.styleSheets || []) ||
    sheetsSetCursor(scope.adoptedStyleSheets || []);
  const authorCursor = (scope) => onceIn(R.cursorScopes, scope, setsCursor);
  // Whether a clickable by its marks alone (a focusable menu, its own cursor not a hand) holds
  // parts that set a hand of their own (Naive UI's options, each a `div` with a pointer): those
  // parts are its targets, each a line of its own, not words of its name. Looks at its first
  // 200 descendants, only where a style may set a cursor.
  const holdsTargets = (el) => {
    if (!authorCursor(el.getRootNode()) || TAKES_HOLD.has(getComputedStyle(el).cursor)) return false;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_ELEMENT);
    for (let seen = 0, at = walker.nextNode(); at && seen < 200; at = walker.nextNode(), seen++) {
      if (TAKES_HOLD.has(getComputedStyle(at).cursor)) return true;
    }
    return false;
  };
  // Roles that a script-bound click handler turns into a control of its own.
  const SOFT = new Set(['listitem', 'article', 'img', 'row', 'cell', 'gridcell', 'group', 'figure', 'paragraph']);
  // A grid's rows and cells take the focus to move it with the arrow keys (ARIA's grid
  // pattern): a `tabindex` makes them no control.
  const GRID_PARTS = new Set(['row', 'cell', 'gridcell']);
  const roleOf = (el, parentCursor) => {
    const role = A11Y.role(el);
    if (role && !SOFT.has(role)) return role;
    const scope = el.getRootNode();
    const cursor = parentCursor === undefined ? 'auto' : parentCursor;
    if (role) return clickableWithoutRole(el, cursor, scope, role) ? CLICKABLE : takesDrops(el, scope) ? DROPTARGET : role;
    // A label whose control is not shown (a checkbox hidden behind its label: a menu's or a
    // sidebar's toggle) is what takes the clicks, under its own name (Chromium's `LabelText`).
    // (Not one inside a control, a web component's host that is the control and draws the
    // label in its shadow tree: Ionic's toggle and checkbox, a `switch` around it.)
    if (el.tagName === 'LABEL' && el.control && !isVisible(el.control) && !heldByControl(el)) return CLICKABLE;
    if (editingHost(el)) return 'textbox';
    // (A custom element that takes clicks by its hand may have a role of its own, given
    // through ElementInternals: Fluent's radio group.)
    if (clickableWithoutRole(el, cursor, scope)) return A11Y.internalsRole(el, true) || CLICKABLE;
    if (takesDrops(el, scope)) return DROPTARGET;
    return null;
  };
  // What holds `el`: its parent, or the host of the shadow root it is at the top of (null: none).
  const upAcross = (el) => el.parentElement || el.getRootNode().host || null;
  // Whether an element around `el`, across shadow roots, is a control (a role that acts).
  const heldByControl = (el) => {
    for (let at = upAcross(el); at; at = upAcross(at)) {
      if (ACTIONABLE.has(A11Y.role(at))) return true;
    }
    return false;
  };
  // The root of an editable region (`contenteditable`), not an element inside one.
  const editingHost = (el) => el.isContentEditable && (!el.parentElement || !el.parentElement.isContentEditable);
  const nameOf = (el, role, max, shown) => clean(A11Y.name(el, role, shown), max);
  const isVisible = (el) => A11Y.visible(el);
  const isDisabled = A11Y.disabled;
  // Besides the actionable roles: an editable region, as one control (a rich editor's
  // paragraphs are its content, not each a field of its own), and a column or row header that
  // says how it sorts (`aria-sort`), which one clicks to sort by it (AG Grid, Tabulator).
  const isActionable = (el, role) => ACTIONABLE.has(role) || role === CLICKABLE || role === DROPTARGET || editingHost(el) ||
    ((role === 'columnheader' || role === 'rowheader') && el.hasAttribute('aria-sort'));
  // The element with the focus, inside shadow roots too (the document's active element is then
  // their host).
  const deepActive = (doc) => {
    let active = doc.activeElement;
    while (active && active.shadowRoot && active.shadowRoot.activeElement) active = active.shadowRoot.activeElement;
    return active;
  };
  const hasFocus = (el) => deepActive(el.ownerDocument) === el;
  // One empty list for all that have none (most lines have no states: kept by thousands of
  // lines; most elements refer to no others).
  const NONE = Object.freeze([]);
  // The inputs that drop a value in a form they do not take, with that form and an example:
  // `fill` sets all but a number field directly (a number field is typed into).
  const INPUT_FORMATS = { date: ['YYYY-MM-DD', '2026-11-28'], time: ['HH:MM (24-hour, :SS optional)', '13:45'],
    'datetime-local': ['YYYY-MM-DDTHH:MM', '2026-11-28T13:45'], month: ['YYYY-MM', '2026-11'], week: ['YYYY-Www', '2026-W48'],
    color: ['#rrggbb', '#ff0000'], range: ['a number', '50'], number: ['a number (digits, one . for decimals)', '1'] };
  // Inputs whose value the browser's own picker gives (a click opens it, outside the page).
  const PICKED_INPUTS = new Set(['date', 'time', 'month', 'week', 'datetime-local', 'color', 'file']);
  // HTML's valid floating-point number, what range and number inputs keep.
  const isNumber = (value) => /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(value.trim());
  const formatError = (el, uid, type, value) =>
    ({ error: 'input-format', uid, element: describe(el), type, value, format: INPUT_FORMATS[type][0], example: (type === 'number' && el.min) || INPUT_FORMATS[type][1] });
  // A field's value as cdt tells it (the snapshot's `value=`, `page forms`): a password as dots,
  // a list by its selected options' text, an editing host by its text, a range widget of ARIA's
  // (a `div` slider) as the tree gives it.
  const toldValue = (el, role) => {
    if (el.tagName === 'SELECT') return [...el.selectedOptions].map((o) => o.textContent).join(', ');
    if (role && el.tagName !== 'INPUT' && el.tagName !== 'TEXTAREA' && !el.isContentEditable) return A11Y.rangeValue(el, role) || '';
    const value = el.isContentEditable ? el.innerText : el.value;
    return el.type === 'password' && value ? '••••' : value;
  };
  // The elements the ids of `el`'s attribute `name` name (`aria-describedby`, `aria-controls`),
  // in its own tree (a document or a shadow root), those that exist.
  const idrefs = (el, name) => {
    const ids = el.getAttribute(name);
    if (!ids) return NONE;
    const root = el.getRootNode();
    return ids.split(/\s+/).filter(Boolean)
      .map((id) => (root.getElementById ? root.getElementById(id) : el.ownerDocument.getElementById(id))).filter(Boolean);
  };
  // What describes `el` (Chromium's description) in words that have no line of their own: an
  // `aria-description`, or what `aria-describedby` names where it is hidden (a tooltip's words
  // kept in a hidden element, drawn over it only on hover, out of the tree: Angular Material's).
  // A field's hint or error shown on the page is a line already.
  const unshownDescription = (el) => {
    const own = el.hasAttribute('aria-description') ? clean(el.getAttribute('aria-description')) : '';
    const words = idrefs(el, 'aria-describedby')
      .filter((part) => !(isVisible(part) && !part.closest('[aria-hidden=true]')))
      .map((part) => clean(part.textContent));
    return words.length ? clean([own, ...words].join(' ')) : own;
  };
  const statesOf = (el, role, verbose) => {
    const out = [];
    const doc = el.ownerDocument;
    if (hasFocus(el) && doc.hasFocus()) out.push('focused');
    for (const state of A11Y.states(el, role)) out.push(state);
    if (role === 'heading') out.push('level=' + A11Y.headingLevel(el));
    // (A combobox one types into, as well: its text is what the list is filtered by; and a text
    // field its page gives another role, Carbon's number input `role=alert`: what it holds.)
    if (role === 'textbox' || role === 'searchbox' || role === 'spinbutton' || role === 'slider' ||
        (role === 'combobox' && (el.tagName === 'INPUT' || el.isContentEditable)) || A11Y.isTextControl(el)) {
      const value = toldValue(el, role);
      if (value) out.push('value=' + quote(clean(value, 60)));
    }
    // A drop-down's selection (its options are lines only with --verbose; a list box's are
    // lines, the selected ones `selected`).
    if (role === 'combobox' && el.tagName === 'SELECT' && el.selectedOptions.length) {
      out.push('value=' + quote(clean(toldValue(el), 60)));
    }
    // Words that describe it and show nowhere else (see `unshownDescription`).
    const description = unshownDescription(el);
    if (description && description !== nameOf(el, role)) out.push('description=' + quote(clean(description, 100)));
    // A colour well's colour (Chromium's ColorWell carries it as its value).
    if (el.tagName === 'INPUT' && el.type === 'color') out.push('value=' + quote(el.value));
    if (el.getAttribute('draggable') === 'true') out.push('draggable');
    if (role === 'columnheader' || role === 'rowheader') {
      const sort = el.getAttribute('aria-sort');
      if (sort === 'ascending' || sort === 'descending' || sort === 'other') out.push('sort=' + sort);
    }
    if (role === 'link' && verbose) out.push('url=' + clean(el.getAttribute('href'), 200));
    return out.length ? out : NONE;
  };
  const shown = (role) => (role === CLICKABLE ? 'clickable' : role === DROPTARGET ? 'droptarget' : role);
  // The modal `<dialog>` shown last, which makes the rest of its document inert (none: null).
  const topModal = (doc) => {
    const open = doc.querySelectorAll('dialog:modal');
    return open.length ? open[open.length - 1] : null;
  };
  // What `selector` matches inside `el` as the page shows it (the flat tree): through open
  // shadow roots, and what a slot shows in place of its own children.
  const allIn = (el, selector) => {
    const out = [];
    const visit = (at) => {
      const kids = at.shadowRoot ? at.shadowRoot.children : at.tagName === 'SLOT' && at.assignedElements().length ? at.assignedElements() : at.children;
      for (const kid of kids) {
        if (kid.matches(selector)) out.push(kid);
        visit(kid);
      }
    };
    visit(el);
    return out;
  };
  const H = { ref, allIn, signature, topModal, idrefs, clean, quote, query, roleOf, nameOf, isVisible, isActionable, holdsTargets, statesOf, deepActive, shown, headingLevel: A11Y.headingLevel, fromContent: A11Y.fromContent, anyRule: A11Y.anyRule, inLayoutTable: A11Y.inLayoutTable, hasOwnName: A11Y.hasOwnName, transformsIn: A11Y.transformsIn, laidOut: A11Y.laidOut, blockBox: A11Y.blockBox, ACTIONABLE, CLICKABLE };
  const walkSnapshot = SNAPSHOT(H);
  // A walk's answer, or only what changed since the one the daemon holds as `args.base`
  // (snapshot_memo.rs): `keep: [p, s]` keeps the base's first p and last s lines, and `lines`
  // are those between. A line with a placeholder uid is never kept.
  const snapshot = (args, target) => {
    R.walkedAt = Date.now();
    const r = walkSnapshot(args, target);
    if (!r || !r.lines) return r;
    const key = JSON.stringify([!!args.interactive, !!args.verbose, args.maxName || 0, args.depth === undefined ? null : args.depth,
      args.rootSelector || null, args.rootUid || null]);
    const last = R.sent.get(key);
    r.token = R.nonce + '.' + (++R.sentCount);
    R.sent.delete(key);
    R.sent.set(key, { token: r.token, lines: r.lines });
    if (R.sent.size > 8) R.sent.delete(R.sent.keys().next().value);
    if (!last || !args.base || last.token !== args.base) return r;
    const a = last.lines, b = r.lines;
    const same = (x, y) => x === y && x.indexOf('\u007f') < 0;
    let p = 0;
    while (p < a.length && p < b.length && same(a[p], b[p])) p++;
    let s = 0;
    while (s < a.length - p && s < b.length - p && same(a[a.length - 1 - s], b[b.length - 1 - s])) s++;
    r.base = args.base;
    r.keep = [p, s];
    r.lines = b.slice(p, b.length - s);
    return r;
  };

  const describe = (el) => {
    if (!el || el.nodeType !== 1) return null;
    let text = el.tagName.toLowerCase();
    if (el.id) text += '#' + clean(el.id, 40);
    if (el.classList && el.classList.length) text += '.' + Array.from(el.classList).slice(0, 3).map((c) => clean(c, 30)).join('.');
    const label = clean(el.innerText || el.getAttribute('aria-label') || '', 40);
    return label ? text + ' ' + quote(label) : text;
  };
  // The elements `selector` matches in the document and in every open shadow root (those the
  // snapshot shows too), the document's first.
  const deepQueryAll = (selector) => {
    const out = Array.from(document.querySelectorAll(selector));
    for (const host of shadowHosts(document)) out.push(...host.shadowRoot.querySelectorAll(selector));
    return out;
  };
  // Whether `words` hold `wanted` as words of their own: not inside a longer word where the
  // text has spaces between its words (`new` is in "new folder", not in "news"; in Chinese or
  // Japanese, with no spaces, anywhere).
  const WORD = /[a-z0-9\u00c0-\u024f]/;
  const holdsWords = (words, wanted) => {
    for (let at = words.indexOf(wanted); at >= 0; at = words.indexOf(wanted, at + 1)) {
      const before = at > 0 && WORD.test(wanted[0]) && WORD.test(words[at - 1]);
      const end = at + wanted.length;
      const after = end < words.length && WORD.test(wanted[wanted.length - 1]) && WORD.test(words[end]);
      if (!before && !after) return true;
    }
    return false;
  };
  // How well an element's words match a wanted text (lower is better): exactly the words before
  // containing them, and a control before an element that takes no action.
  const rankOf = (words, wanted, el, role) => (words === wanted ? 0 : 2) + (role && isActionable(el, role) ? 0 : 1);
  // The texts under `root`, each with what holds it (its words cleaned; blank ones left out).
  function* textsIn(root) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = clean(node.data);
      if (text && node.parentElement) yield [node.parentElement, text];
    }
  }
  // Whether what shows at the middle of `el` is `el` or inside it: nothing covers it there.
  // (Inside a shadow tree, what the trees its point falls in show there, from the document's
  // down: an option a web component's item draws in its own, Calcite's combobox item.)
  const showsAtMiddle = (el) => {
    const r = el.getBoundingClientRect();
    const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
    const hit = document.elementFromPoint(x, y);
    if (!hit || el.contains(hit)) return !!hit;
    return el.getRootNode() !== document && el.contains(deepHit(hit, x, y));
  };
  // What shows at (x, y) inside `hit`, down through the shadow trees there (`hit` itself where
  // none is open): the element a user's press lands on.
  const deepHit = (hit, x, y) => {
    while (hit && hit.shadowRoot && hit.shadowRoot.elementFromPoint) {
      const inner = hit.shadowRoot.elementFromPoint(x, y);
      if (!inner || inner === hit) break;
      hit = inner;
    }
    return hit;
  };
  // Whether a `<select>` is out of a user's sight: not shown at all, or kept out of sight.
  const outOfSight = (select) => !isVisible(select) || keptOut(select);
  // Whether `el` (an option: its `<select>`) is kept out of sight: in a box under 4 px, or
  // drawn see-through (Choices.js keeps its `<select>` at opacity 0).
  const keptOut = (el) => {
    const at = el.closest('select') || el;
    const box = at.getBoundingClientRect();
    return box.width < 4 || box.height < 4 || !drawn(at);
  };
  // The drop-down a page draws for a `<select>` kept out of sight (Choices.js around it; Tom
  // Select, Select2 and bootstrap-select right after it, jQuery UI's selectmenu the element
  // right after it): a combobox, or what says it opens a pop-up, that shows; none for a
  // `<select>` in sight.
  const standIn = (select) => {
    if (!keptOut(select)) return null;
    const drop = (e) => e && e !== select && boxed(e) && (e.getAttribute('role') === 'combobox' || e.hasAttribute('aria-haspopup'));
    const around = select.parentElement && select.parentElement.closest('[role=combobox]');
    if (drop(around)) return around;
    const near = [select.nextElementSibling, select.nextElementSibling && select.nextElementSibling.nextElementSibling];
    for (const at of near) {
      if (!at) continue;
      const found = [at, ...at.querySelectorAll('[role=combobox], [aria-haspopup]')].find(drop);
      if (found) return found;
    }
    return null;
  };
  // The middle of a text node's box in the view (none where it has no box there).
  const wordsBox = (node) => {
    const range = node.ownerDocument.createRange();
    range.selectNodeContents(node);
    const r = range.getBoundingClientRect();
    const view = node.ownerDocument.defaultView;
    const x = r.left + r.width / 2; const y = r.top + r.height / 2;
    return r.width > 0 && r.height > 0 && x >= 0 && y >= 0 && x <= view.innerWidth && y <= view.innerHeight ? [x, y] : null;
  };
  // The text node that shows `wanted` (lowercase, cleaned) inside `el` as the page draws it
  // (through slots and shadow trees), if one holds exactly those words in a box that takes
  // room (not a visually hidden label, a pixel clipped to nothing).
  const wordsNode = (el, wanted) => {
    for (const text of shownTexts(el)) if (clean(text.data).toLowerCase() === wanted) return text;
    return null;
  };
  // Whether an option shows on the page, in a list box (a `<select multiple>` or one of more
  // than one row), not in a drop-down's pop-up.
  const inListBox = (option) => {
    const select = option.closest('select');
    return !!select && (select.multiple || select.size > 1);
  };
  // The element a command acts on: the one the daemon resolved from a uid, or a selector or
  // text match in this frame.
  const pick = (args, target) => {
    if (target) {
      if (!target.isConnected || target.ownerDocument !== document) return { error: 'stale' };
      return { el: target };
    }
    if (args.uid) return { error: 'stale' };
    if (args.selector) {
      const found = query(args.selector);
      return found.error || found.el ? found : { error: 'unknown', selector: args.selector };
    }
    if (args.text) {
      const wanted = clean(args.text).toLowerCase();
      const all = deepQueryAll('a,button,input,textarea,select,option,label,summary,[role],[onclick],[tabindex],[draggable=true],h1,h2,h3,h4,h5,h6,li,td,span,div,p');
      // Each match ranked (`--text Save`: the button "Save", not the heading "Save" above it nor
      // "Save draft").
      const match = [];
      for (const el of all) {
        // (A drop-down's options are in its pop-up: `element fill` chooses one.)
        if (!isVisible(el) || (el.tagName === 'OPTION' && !inListBox(el))) continue;
        const role = roleOf(el);
        const words = clean(A11Y.name(el, role || '') || el.innerText || el.value || '', 200).toLowerCase();
        // (One kept out of sight in a box of a pixel — a `<select>` a page draws a widget over —
        // after any a user sees.)
        // (Whole words: `--text New` is not "Send me news".)
        if (holdsWords(words, wanted)) match.push({ el, rank: rankOf(words, wanted, el, role) + (keptOut(el) ? 4 : 0), control: ACTIONABLE.has(role) });
      }
      // The innermost match is the most specific element, unless it is worse than one around
      // it (a control's hidden label: `<button><span class=visually-hidden>Next</span>`, which
      // its icon covers); the first of the best rank wins. (Inside as the page shows it: a
      // host's control in its shadow tree, Ionic's item drawn as a button, is inside the host.)
      // (A bare clickable inside a control that matches, a `div` of the button's own that takes
      // its hand, is that control: the control is taken.)
      const inside = (m, other) => holds(m.el, other.el) && other.rank <= m.rank && (other.control || !m.control);
      const innermost = match.filter((m) => !match.some((other) => other !== m &&
        (inside(m, other) || (other.control && !m.control && holds(other.el, m.el)))));
      if (!innermost.length) return { error: 'unknown', scrollers: scrollers(deepQueryAll('*')) };
      const best = innermost.reduce((a, b) => (b.rank < a.rank ? b : a));
      // How many others match as well (the caller is told: a uid chooses); and the words
      // themselves, where a press lands (`words`).
      return { el: best.el, also: innermost.filter((m) => m.rank === best.rank).length - 1, words: wordsNode(best.el, wanted) };
    }
    return { error: 'unknown' };
  };
  // What scrolls with more below it (a list that draws its rows as they scroll into view, the
  // page itself), for a text not found: at most three boxes, the innermost first, each with
  // where the wheel goes (the middle of what shows of it), then the page. (Any element: a
  // virtual list's viewport may be a custom element, Angular CDK's `cdk-virtual-scroll-viewport`.)
  const scrollers = (all) => {
    const found = [];
    for (const el of all) {
      if (el.scrollHeight - el.clientHeight - el.scrollTop < 2 || el.clientHeight < 20) continue;
      if (!/(auto|scroll)/.test(getComputedStyle(el).overflowY) || !isVisible(el)) continue;
      const r = el.getBoundingClientRect();
      const top = Math.max(r.top, 0); const bottom = Math.min(r.bottom, innerHeight);
      if (bottom <= top) continue;
      found.push({ element: describe(el), x: Math.round(r.left + r.width / 2), y: Math.round((top + bottom) / 2),
        below: Math.round(el.scrollHeight - el.clientHeight - el.scrollTop) });
    }
    const boxes = found.reverse().slice(0, 3);
    const page = document.scrollingElement;
    const below = page ? Math.round(page.scrollHeight - page.clientHeight - page.scrollTop) : 0;
    if (below > 1) boxes.push({ page: true, below });
    return boxes;
  };
  const boxOf = (el) => {
    const r = el.getBoundingClientRect();
    return { x: r.left, y: r.top, width: r.width, height: r.height };
  };
  // Coordinates are in this frame's viewport; the daemon adds the offsets of enclosing frames.
  // How long, in ms, the element may still be moving: the longest finite animation or
  // transition of its box (position, size, transform) running on it or an element around it (a
  // grid's rows sliding into place after a filter, a menu unfolding). Colour and opacity do
  // not move it, and endless animations (a spinner) never settle: neither counts.
  const MOVES = /^(transform|translate|scale|rotate|top|left|right|bottom|inset|margin|padding|width|height|min-|max-|all$)/;
  // What an animation or transition changes, as CSS property names (a keyframe's other keys
  // say when and how, not what).
  const TIMING_KEYS = new Set(['offset', 'computedOffset', 'easing', 'composite']);
  const animated = (a) => a.transitionProperty !== undefined ? [a.transitionProperty]
    : a.effect.getKeyframes().flatMap((frame) => Object.keys(frame)).filter((key) => !TIMING_KEYS.has(key))
      .map((key) => key.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase()));
  // A running animation that ends (not an endless one), and how long it has left, in ms.
  const timeLeft = (a) => {
    if (a.playState !== 'running' || !a.effect) return 0;
    const end = a.effect.getComputedTiming().endTime;
    return Number.isFinite(end) ? Math.max(0, (end - (a.currentTime || 0)) / Math.abs(a.playbackRate || 1)) : 0;
  };
  // The page's animations: the document's, and those inside the shadow roots the snapshot walk
  // has met (a web component's dialog fading out is not among the document's).
  const animations = () => {
    const all = document.getAnimations();
    for (const root of walkSnapshot.shadowRoots()) for (const a of root.getAnimations()) all.push(a);
    return all;
  };
  // Whether `outer` is `el` or holds it, across shadow roots.
  const holds = (outer, el) => {
    for (let n = el; n; n = n.parentNode || n.host) if (n === outer) return true;
    return false;
  };
  // How long, in ms, an animation that `counts` still runs on `el` or an element around it.
  const runningOn = (el, counts) => {
    let left = 0;
    for (const a of animations()) {
      const target = a.effect ? a.effect.target : null;
      if (!target || !holds(target, el)) continue;
      const ms = timeLeft(a);
      if (ms > left && animated(a).some(counts)) left = ms;
    }
    return Math.round(left);
  };
  const stillMoving = (el) => runningOn(el, (property) => MOVES.test(property));
  // Whether something on the page is still on its way somewhere: a finite animation of more
  // than decoration (a row sliding, a dialog fading out before a script removes it; not a
  // button's hover colour or focus ring).
  const DECOR = /(color|shadow|outline|background|text-decoration|filter|fill|stroke|caret|accent)/;
  const notDecor = (property) => !DECOR.test(property);
  // How long, in ms, the longest such animation still runs (0: nothing is on its way). An
  // animation of the page's own churn (an autoplaying carousel's slide) is not waited for,
  // unless the action changed it or what holds it (a click on its Next).
  const ownChurn = (a, now) => {
    const target = a.effect ? a.effect.target : null;
    if (!target || !churnOf(target, now)) return false;
    for (let node = target; node; node = node.parentNode) if (R.touched.has(node)) return false;
    return true;
  };
  const underway = () => {
    const now = Date.now();
    return animations().reduce((left, a) => (animated(a).some(notDecor) && !ownChurn(a, now) ? Math.max(left, timeLeft(a)) : left), 0);
  };
  // What takes away what covers `el` at `hit`: the controls of a modal dialog that holds the
  // page, or those of the cover (the page's branch it is in, apart from `el`'s) whose words
  // dismiss it (a cookie banner's Accept); three at most, by uid, role and name.
  // (Its words end where a letter or digit does not follow: `\b` never ends a `×`.)
  const DISMISS = /^(close|dismiss|accept|agree|allow|ok|okay|got it|reject|decline|deny|cancel|continue|no,? thanks|not now|skip|×|✕|✖|x)(?![\p{L}\p{N}])/iu;
  // A visible control an error names for the caller to act on: its uid, role and name (none: null).
  const controlOf = (control, fallbackRole) => {
    const role = control && isVisible(control) ? roleOf(control) || fallbackRole : null;
    return role ? { uid: ref(control), role: shown(role), name: nameOf(control, role) } : null;
  };
  // How much of the view `el`'s box covers, as a share of it (its area over the view's).
  const viewShare = (el) => {
    const [r, view] = [el.getBoundingClientRect(), el.ownerDocument.defaultView];
    return (r.width * r.height) / (view.innerWidth * view.innerHeight);
  };
  // (A cover over most of the view with no control of its own — a guided tour's overlay, an
  // `svg` drawn over the page around what the tour shows: Shepherd's — is taken away by the
  // dialog shown with it.)
  const coverControls = (hit, el) => {
    const modal = hit.closest('dialog[open], [aria-modal=true]');
    const layer = modal || branchApart(hit, el);
    const found = controlsIn(layer, !!modal);
    const backdrop = !found.length && !modal && viewShare(layer) > 0.5;
    const beside = backdrop ? [...el.ownerDocument.querySelectorAll('dialog[open], [role=dialog], [role=alertdialog]')]
      .find((d) => isVisible(d) && !d.contains(el) && !d.contains(hit)) : null;
    return beside ? controlsIn(beside, true) : found;
  };
  // The controls of `layer` (all of a dialog's, `all`, else those whose words dismiss it),
  // those that dismiss first (a dialog's Close before its Delete); uids only for those named.
  const controlsIn = (layer, all) => {
    const controls = [];
    for (const control of layer.querySelectorAll('button, a[href], input[type=button], input[type=submit], [role=button], [role=link]')) {
      const role = roleOf(control);
      if (!role || !isVisible(control) || isDisabled(control)) continue;
      const dismisses = DISMISS.test(nameOf(control, role).trim());
      if (all || dismisses) controls.push({ control, dismisses });
    }
    return controls.sort((a, b) => b.dismisses - a.dismisses).slice(0, 3).map(({ control }) => controlOf(control));
  };
  // The page's branch `hit` is in, apart from `el`'s: what holds `hit` up to, not including, what
  // holds `el` too.
  const branchApart = (hit, el) => {
    let layer = hit;
    while (layer.parentElement && !layer.parentElement.contains(el)) layer = layer.parentElement;
    return layer;
  };
  // Whether what covers `el` at `hit` only tells that the page is busy, and goes by itself: a
  // layer apart from `el` with no control in it that says so (`aria-busy`, a progress bar, or
  // words such as "Loading…": Ionic's loading overlay over the whole page).
  const BUSY_WORDS = /^(loading|please wait|saving|processing|working|uploading|submitting|updating|signing in|logging in)\b/i;
  const busyCover = (hit, el) => {
    const layer = hit.closest('dialog[open], [aria-modal=true], [aria-busy=true]') || branchApart(hit, el);
    if (layer.contains(el) || [...layer.querySelectorAll(ANY_CONTROL)].some(isVisible)) return false;
    return layer.matches('[aria-busy=true]') || !!layer.querySelector('[aria-busy=true], [role=progressbar], progress') ||
      BUSY_WORDS.test(clean(layer.innerText || ''));
  };
  // A pop-up over the page that covers `el` (a date picker's calendar left open by a field
  // filled before): the layer `hit` is drawn in — positioned, apart from `el`, smaller than most
  // of the view (not a backdrop) —, and a point of the view outside it where nothing takes a
  // click, where a press closes it as a user's click outside does.
  const popupOver = (hit, el) => {
    const layer = layerOf(hit);
    if (!layer || layer.contains(el)) return null;
    const view = el.ownerDocument.defaultView;
    if (viewShare(layer) > 0.6) return null;
    const inert = (e) => !!e && !layer.contains(e) && getComputedStyle(e).cursor !== 'pointer' &&
      !e.closest('a, button, input, select, textarea, label, summary, [role], [onclick], [tabindex], [contenteditable]');
    const corners = [[4, 4], [view.innerWidth - 4, 4], [4, view.innerHeight - 4], [view.innerWidth - 4, view.innerHeight - 4]];
    const outside = corners.find(([x, y]) => inert(el.ownerDocument.elementFromPoint(x, y)));
    return { popup: describe(layer), outside: outside ? outside.map(Math.round) : null };
  };
  // The control that shows a hidden `el`, as a user would open it: the summary of a closed
  // `<details>` around it, or the visible control whose `aria-controls` names what hides it (a
  // tab and its panel, an accordion's button); by uid, role and name (none: null).
  const shownBy = (el) => {
    for (let around = el; around && around.nodeType === 1; around = around.parentElement) {
      const closed = around.tagName === 'DETAILS' && !around.open && around !== el;
      const summary = closed ? [...around.children].find((child) => child.tagName === 'SUMMARY') : null;
      const controls = around.id ? [...around.ownerDocument.querySelectorAll('[aria-controls]')]
        .filter((control) => control.getAttribute('aria-controls').split(/\s+/).includes(around.id)) : [];
      // A menu right after the button that opens it, which says so (Bootstrap's dropdowns:
      // `aria-expanded=false`, no `aria-controls`).
      const before = isVisible(around) ? null : around.previousElementSibling;
      const opens = before && (before.getAttribute('aria-expanded') === 'false' || (before.hasAttribute('aria-haspopup') && before.getAttribute('aria-haspopup') !== 'false'));
      const shows = controlOf(summary, 'button') || controls.map((control) => controlOf(control)).find(Boolean) || controlOf(opens ? before : null);
      if (shows) return shows;
    }
    return null;
  };
  // Whether `node` is inside `el` in the flat tree (through the slots that show it).
  const inFlatTree = (el, node) => {
    for (let at = node; at; at = at.assignedSlot || at.parentElement || (at.parentNode && at.parentNode.host)) {
      if (at === el) return true;
    }
    return false;
  };
  // The middle of a label of `el` that shows there (nothing covers it), as [x, y, hit].
  // The labels of `el`; a checkbox or radio button none labels, its label beside it that names
  // no control (Fomantic UI's toggle: a `<label>` drawn over its see-through box, which the
  // page's script toggles it by).
  const labelsOf = (el) => {
    const own = Array.from(el.labels || []);
    if (own.length || !['checkbox', 'radio'].includes(el.type) || !el.parentElement) return own;
    return Array.from(el.parentElement.children).filter((l) => l.tagName === 'LABEL' && !l.htmlFor && !l.control);
  };
  // The `inert` error for `el` if the page keeps it from the user: inert (behind an open
  // drawer), or, asked for a field (`byDialog`), outside the modal dialog shown, with that
  // dialog's controls. (A press outside the dialog is told by what it hits: the dialog covers it.)
  const keptFromUser = (el, uid, byDialog) => {
    const shown = byDialog ? topModal(el.ownerDocument) : null;
    if (!el.closest('[inert]') && !(shown && !shown.contains(el))) return null;
    return { error: 'inert', uid, element: describe(el), coverControls: shown && !shown.contains(el) ? coverControls(shown, el) : [] };
  };
  const labelPoint = (el) => {
    const view = el.ownerDocument.defaultView;
    for (const label of labelsOf(el)) {
      const r = label.getBoundingClientRect();
      const x = r.left + r.width / 2; const y = r.top + r.height / 2;
      if (!r.width || !r.height || x < 0 || y < 0 || x > view.innerWidth || y > view.innerHeight) continue;
      const hit = el.ownerDocument.elementFromPoint(x, y);
      if (hit && (label.contains(hit) || hit === el)) return [x, y, hit];
    }
    return null;
  };
  // The nearest of what holds `el` (three levels up, across a shadow root to its host) that
  // holds `hit` too, if it is a bare element taking clicks, with no other control of its own
  // there: what draws `el`. (A host that is `hit` itself draws the control its shadow tree
  // keeps from the pointer: Ionic's segment button around its `tab`.)
  const drawnAround = (el, hit) => {
    for (let at = upAcross(el), n = 0; at && n < 3; at = upAcross(at), n++) {
      if (at === hit && at.shadowRoot && at.shadowRoot.contains(el)) return at;
      if (at.contains(hit)) return roleOf(at) === CLICKABLE && !controlIn(at, hit) ? at : null;
    }
    return null;
  };
  // A see-through box the page lays over a small control to take a finger's press for it (a
  // touch target: Angular Material's paginator, a `div` 48 px high over its select, which opens
  // it on a click): beside the control in what holds it, with a hand cursor and nothing of its
  // own (no words, no parts, no fill), reaching no further than a finger past the control.
  const TOUCH_REACH = 24;
  const touchTarget = (el, hit) => {
    if (!hit || hit.contains(el) || el.contains(hit) || hit.childElementCount || hit.textContent.trim()) return null;
    if (!hit.parentElement || !hit.parentElement.contains(el)) return null;
    const style = getComputedStyle(hit);
    if (style.cursor !== 'pointer' || style.backgroundImage !== 'none' || !/^(transparent|rgba\(.*, 0\))$/.test(style.backgroundColor)) return null;
    const a = hit.getBoundingClientRect(); const b = el.getBoundingClientRect();
    return a.left >= b.left - TOUCH_REACH && a.right <= b.right + TOUCH_REACH && a.top >= b.top - TOUCH_REACH &&
      a.bottom <= b.bottom + TOUCH_REACH ? hit : null;
  };
  function actionPoint(args, target) {
    const picked = pick(args, target);
    if (!picked.el) return picked;
    const el = picked.el;
    if (!args.noScroll) el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
    // A drag that starts on selected text would drag the text (the browser's own drag): the
    // selection over the element goes first, as a press elsewhere would have cleared it.
    if (args.unselect) {
      const selection = el.ownerDocument.getSelection();
      if (selection && !selection.isCollapsed && selection.containsNode(el, true)) selection.removeAllRanges();
    }
    const uid = ref(el);
    const rects = el.getClientRects();
    const r = rects.length ? rects[0] : el.getBoundingClientRect();
    // A control kept out of sight and drawn by its label (a switch's track, a segmented
    // control's segment: Mantine's) is pressed on its label, as a user presses it.
    const drawnBy = (!isVisible(el) || (r.width === 0 && r.height === 0)) && !isDisabled(el) ? labelPoint(el) : null;
    const barred = keptFromUser(el, uid, false);
    if (barred) return barred;
    if (!isVisible(el) && !drawnBy) return { error: 'not-visible', uid, element: describe(el), shownBy: shownBy(el) };
    if (isDisabled(el)) return { error: 'disabled', uid, element: describe(el) };
    const moving = stillMoving(el);
    if (r.width === 0 && r.height === 0 && !drawnBy) return { error: 'not-visible', uid, element: describe(el), shownBy: shownBy(el), moving };
    let lx = r.left + r.width / 2; let ly = r.top + r.height / 2;
    const view = el.ownerDocument.defaultView;
    if (drawnBy) [lx, ly] = drawnBy;
    // A target named by its words is pressed on them, as a user presses what they read (a
    // grid's header cell, whose sorter holds its words at one side: Vaadin's).
    const shows = args.words ? wordsNode(el, clean(args.words).toLowerCase()) : picked.words;
    const words = shows && shows.isConnected ? wordsBox(shows) : null;
    // (Where what shows there is the element, or what it shows.)
    const there = words && el.ownerDocument.elementFromPoint(words[0], words[1]);
    if (words && !drawnBy && there && (holds(el, there) || inFlatTree(el, there))) [lx, ly] = words;
    if (lx < 0 || ly < 0 || lx > view.innerWidth || ly > view.innerHeight) return { error: 'out-of-view', uid, element: describe(el), moving };
    let hit = drawnBy ? drawnBy[2] : el.ownerDocument.elementFromPoint(lx, ly);
    // What draws a drop-down field kept out of sight (`clear`) is pressed where no control of
    // its own shows (the chosen values' remove buttons): from its right end leftward.
    if (args.clear && hit && el.contains(hit) && controlIn(el, hit)) {
      const free = freePoint(el, r, ly, controlIn, true);
      if (free) [lx, hit] = free;
    }
    // So is a clickable that holds controls (a table's row the page opens on a click), where its
    // middle falls on one of them (a select in a cell: its press would open the select): from
    // its left end rightward.
    if (!args.clear && hit && hit !== el && el.contains(hit) && anyControlIn(el, hit) && roleOf(el) === CLICKABLE) {
      const free = freePoint(el, r, ly, anyControlIn, false);
      if (free) [lx, hit] = free;
    }
    // A control drawn by its label (a star rating's radio, visually hidden where another star
    // covers it) is pressed where a user presses it: on its label.
    const onLabel = hit && hit !== el && !el.contains(hit) && labelPoint(el);
    if (onLabel) [lx, ly, hit] = onLabel;
    hit = deepHit(hit, lx, ly);
    // Content a slot shows (a web component's label text) hits as its host, from outside and
    // from the shadow tree alike: what the shadow tree itself has there decides.
    if (hit && hit !== el && hit.shadowRoot && !el.contains(hit) && holds(hit, el)) {
      const root = el.getRootNode();
      const own = root.elementsFromPoint(lx, ly).find((e) => e.getRootNode() === root);
      if (own && (own === el || el.contains(own))) hit = el;
    }
    // What a slot of the element's shadow tree shows there hits as itself (a menu option's
    // words, slotted into its `li`: Material Web's `md-select-option`).
    if (hit && hit !== el && !el.contains(hit) && inFlatTree(el, hit)) hit = el;
    // A control that takes no pointer, drawn by what holds it, which takes the click for it
    // (PrimeVue's rating: each star's radio at `pointer-events: none` in the star's `div`), is
    // pressed where it shows, as a user presses the star.
    // So is a control under its touch target, as a finger presses it.
    const elsewhere = hit && hit !== el && !el.contains(hit);
    const drawer = elsewhere && getComputedStyle(el).pointerEvents === 'none' ? drawnAround(el, hit) : elsewhere ? touchTarget(el, hit) : null;
    if (drawer) hit = el;
    // (What a label shows through shadow trees is the label's: a star's icon, its picture in
    // a shadow tree of its own, Calcite's rating.)
    const label = labelsOf(el).some((l) => holds(l, hit));
    if (hit && hit !== el && !el.contains(hit) && !label && !(hit.getRootNode && hit.getRootNode().host && el.contains(hit.getRootNode().host))) {
      // What covers it may be on its way out (an overlay fading as its dialog closes).
      const leaving = Math.max(moving, runningOn(hit, notDecor));
      // A cover shown because the pointer rests over it, or over what holds it (a hover menu
      // left open by the last action), goes when the pointer leaves, as under a user's hand.
      let hovered = false;
      for (let around = hit; around && !hovered; around = around.parentElement) hovered = !around.contains(el) && around.matches(':hover');
      // (Or a tip shown because the pointer rests on something else: Bootstrap's tooltip,
      // drawn at the page's end beside what it tells of.)
      const rest = [...el.ownerDocument.querySelectorAll(':hover')].pop();
      if (rest && !rest.contains(el) && rest !== el.ownerDocument.body) hovered = true;
      // One that takes no pointer (`pointer-events: none` on it or what holds it) may be so for
      // a moment: a long list turns it off while it scrolls (react-window, for 150 ms).
      const unpointed = getComputedStyle(el).pointerEvents === 'none';
      // (An option of a `<select>` kept out of sight, under the drop-down a page draws for it:
      // chosen through that, by `element select` on the `<select>`.)
      const select = el.tagName === 'OPTION' ? el.closest('select') : null;
      const kept = select && keptOut(el) ? { keptSelect: ref(select), option: clean(el.textContent, 60) } : {};
      // (A part of a picture is told by its picture: the `svg`, not its `path`.)
      let cover = hit;
      while (cover.ownerSVGElement) cover = cover.ownerSVGElement;
      return { error: 'obscured', uid, element: describe(el), covering: describe(cover), coveringUid: ref(cover), coverControls: coverControls(hit, el), hovered, busy: busyCover(hit, el),
        moving: unpointed ? Math.max(leaving, 200) : leaving, unpointed, ...popupOver(hit, el), ...kept };
    }
    // An HTML5 drag source: `element drag` drives drag-and-drop events rather than mouse moves.
    const draggable = el.draggable === true && (el.getAttribute('draggable') === 'true' || el.closest('[draggable=true]') !== null);
    // What a click here does is asked afterwards (clickOutcome): the element, and the click
    // event the page dispatches for it (its `defaultPrevented` is final once dispatch ends).
    // Whether the pointer reached this frame's document at all is asked too (pointerArrived).
    if (!R.clickWatch) {
      R.clickWatch = true;
      el.ownerDocument.defaultView.addEventListener('click', (e) => { R.lastClick = e; }, true);
      el.ownerDocument.defaultView.addEventListener('mousemove', () => { R.pointerIn = true; }, true);
    }
    R.armed = el;
    R.lastClick = null;
    R.pointerIn = false;
    // A press to follow (`press`): until `pressed` is asked (1 s at most), a trusted press that
    // lands on something else is kept from the page and told (see `guardPress`).
    if (args.press) {
      if (!R.guardWatch) {
        R.guardWatch = true;
        for (const type of PRESS_EVENTS) el.ownerDocument.defaultView.addEventListener(type, guardPress, true);
      }
      R.guard = { el, drawer, until: Date.now() + 1000, missed: null };
    }
    // A link that saves its target: the download begins only once the response's headers arrive.
    const download = !!el.closest('a[download][href]');
    // A field to type into or choose from: a click's outcome is its focus (or the browser's own
    // pop-up: a drop-down's list, a date or colour picker, a file chooser), not something the
    // page draws later.
    const field = el.isContentEditable || el.tagName === 'SELECT' || A11Y.isTextControl(el) ||
      (el.tagName === 'INPUT' && PICKED_INPUTS.has(el.type));
    return { uid, x: lx, y: ly, element: describe(el), draggable, download, field, moving };
  }
  // The press guard: the page may move the element between its aim and the press (a feed's
  // posts loaded above it, a banner pushed in), and the press would land on whatever took its
  // place (a post's text, another button). Such a press, and the events that follow from it,
  // are kept from the page (a click on what was not aimed at may do anything), and told.
  // Presses the page makes itself (`el.click()`) are not trusted: never kept.
  // Where the button goes down and comes up is checked; the clicks that follow are kept only
  // after a press that missed (a label's click passed on to its control is the press's).
  // A release over the element, still where it was pressed but covered by what the press
  // opened (a menu's backdrop, drawn on `mousedown`), is the press's: a user's lands there too.
  const PRESS_EVENTS = ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click', 'dblclick', 'auxclick', 'contextmenu'];
  const CHECKED_EVENTS = new Set(['pointerdown', 'mousedown', 'pointerup', 'mouseup']);
  const guardPress = (e) => {
    const g = R.guard;
    if (!g || !e.isTrusted || Date.now() > g.until || !g.el.isConnected) return;
    if (CHECKED_EVENTS.has(e.type)) {
      const path = e.composedPath();
      if (path.includes(g.el) || labelsOf(g.el).some((l) => path.includes(l)) || (g.drawer && path.includes(g.drawer))) {
        if (e.type.endsWith('down')) g.down = true;
        return;
      }
      if (g.down && !g.missed && e.type.endsWith('up') && under(g.el, e.clientX, e.clientY)) return;
      if (!g.missed) g.missed = path[0];
    } else if (!g.missed) return;
    e.preventDefault();
    e.stopImmediatePropagation();
  };
  const under = (el, x, y) => Array.from(el.getClientRects()).some((r) =>
    x >= r.left && x <= r.right && y >= r.top && y <= r.bottom);
  // Ends the press guard: what the press landed on instead of the element aimed at, if it did.
  function pressed() {
    const g = R.guard;
    R.guard = null;
    return g && g.missed ? { missed: describe(g.missed) } : {};
  }
  // Why a click on the element last aimed at did nothing visible: its form's submission was
  // blocked by constraint validation (the invalid fields, with the browser's messages), or the
  // page cancelled the link's navigation (`preventDefault` on the click).
  function clickOutcome() {
    const el = R.armed;
    const event = R.lastClick;
    if (!el || !el.isConnected) return {};
    const out = {};
    // (A link made a button, `<a href="#" role="button">`, cancels its navigation by design.)
    const link = el.closest('a[href],area[href]');
    if (link && event && event.defaultPrevented && roleOf(link) === 'link') out.prevented = 'link';
    const submit = el.closest('button,input[type=submit],input[type=image]');
    const form = submit && submit.form;
    if (form && (submit.type === 'submit' || submit.type === 'image') && !form.noValidate && !submit.formNoValidate &&
        !(event && event.defaultPrevented)) {
      const invalid = invalidOf(Array.from(form.elements));
      if (invalid.length) out.invalid = invalid;
    }
    const kept = keptBack();
    if (!out.invalid && kept.length) out.invalid = kept;
    return out;
  }
  // A form the page's script kept from being sent (its submission cancelled) whose fields it
  // marks invalid (`aria-invalid`, a class `…error` or `…invalid`: Parsley's, jQuery Validate's,
  // Bootstrap's): those fields, each with the message the page shows for it.
  const keptBack = () => {
    const sent = R.validation && R.validation.submitEvent;
    if (!sent || !sent.defaultPrevented || !sent.target || !sent.target.elements) return [];
    const marked = (f) => f.getAttribute('aria-invalid') === 'true' || [...f.classList].some((c) => /(^|[-_])(error|invalid)$/i.test(c));
    return fieldsOf(sent.target).filter((f) => f.isConnected && isVisible(f) && marked(f))
      .map((f) => ({ uid: ref(f), name: nameOf(f, roleOf(f)), message: shownError(f) }));
  };
  // A form's fields in page order: its own (`elements`) and those a page draws with a role of
  // ARIA's inside it, which the form does not list (Angular Material's `mat-select`).
  const DRAWN_FIELDS = '[role=combobox],[role=listbox],[role=radiogroup],[role=checkbox],[role=switch],[role=textbox],[role=searchbox],[role=spinbutton],[role=slider]';
  const fieldsOf = (form) => {
    const own = Array.from(form.elements);
    const drawn = Array.from(form.querySelectorAll(DRAWN_FIELDS)).filter((f) => !own.includes(f) && !own.some((o) => f.contains(o)));
    return drawn.length ? [...own, ...drawn].sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1)) : own;
  };
  // The message a page shows for a field it marks invalid: what `aria-errormessage` or
  // `aria-describedby` names, else the error text right after it.
  const shownError = (f) => {
    const named = idrefs(f, (f.getAttribute('aria-errormessage') || '').trim() ? 'aria-errormessage' : 'aria-describedby').filter(isVisible);
    const after = named.length ? null : messageAfter(f);
    return clean((named.length ? named : after ? [after] : []).map((e) => e.innerText).join(' '), 200);
  };
  // The message shown after a field (or after what holds it, four levels up, short of the next
  // field): an alert, or an element classed an error, invalid, feedback or explain (Ant
  // Design's `ant-form-item-explain`, a column below the field's own).
  const MESSAGE = '[role=alert], [class*=error], [class*=invalid], [class*=feedback], [class*=explain]';
  const messageAfter = (f) => {
    for (let at = f, up = 0; at && up < 4; at = at.parentElement, up++) {
      for (let next = at.nextElementSibling; next; next = next.nextElementSibling) {
        if (next.querySelector('input, select, textarea')) return null;
        const message = next.matches(MESSAGE) ? next : next.querySelector(MESSAGE);
        if (message && isVisible(message) && clean(message.innerText)) return message;
      }
    }
    return null;
  };
  // Of `fields`, those constraint validation finds invalid, with the browser's messages.
  const invalidOf = (fields) => fields.filter((f) => f.isConnected && f.willValidate && !f.validity.valid)
    .map((f) => ({ uid: ref(f), name: nameOf(f, roleOf(f)), message: clean(f.validationMessage, 200) }));
  // The browser's constraint validation, as the action meets it: the fields it found invalid
  // (their `invalid` events) and whether a form was submitted after all, since `state` with
  // `acting`.
  function watchValidation() {
    R.validation = { invalid: [], submitted: false };
    if (R.validationWatch) return;
    R.validationWatch = true;
    document.addEventListener('invalid', (e) => { R.validation.invalid.push(e.target); }, true);
    document.addEventListener('submit', (e) => { R.validation.submitted = true; R.validation.submitEvent = e; }, true);
  }
  // What scrolls from `state` with `acting` on: the page, or the first element that does (a
  // chat pane under the wheel), for `input scroll` to tell.
  function watchScroll() {
    R.scrolled = null;
    if (R.scrollWatch) return;
    R.scrollWatch = true;
    document.addEventListener('scroll', (e) => {
      if (!R.scrolled) R.scrolled = e.target === document || e.target === document.scrollingElement ? 'page' : describe(e.target);
    }, { capture: true, passive: true });
  }
  // A submission the action attempted (Enter in a field) that validation blocked: the fields
  // found invalid, still invalid, with the browser's messages; none when a form was submitted.
  function blocked() {
    const v = R.validation;
    const kept = keptBack();
    if (kept.length) return { invalid: kept };
    if (!v || v.submitted) return {};
    const invalid = invalidOf([...new Set(v.invalid)]);
    return invalid.length ? { invalid } : {};
  }
  // Whether a mouse move reached this frame's document since the last action point was taken.
  const pointerArrived = () => ({ arrived: R.pointerIn === true });
  const fire = (el, type) => el.dispatchEvent(new Event(type, { bubbles: true }));
  // A time written on a 12-hour clock, as a time field shows it (`2:30 PM`), as `HH:MM`.
  const isoTime = (value) => {
    const parts = /^\s*(\d{1,2}):(\d{2})(:\d{2})?\s*([ap])\.?m\.?\s*$/i.exec(value);
    if (!parts || Number(parts[1]) < 1 || Number(parts[1]) > 12) return null;
    const hour = (Number(parts[1]) % 12) + (parts[4].toLowerCase() === 'p' ? 12 : 0);
    return String(hour).padStart(2, '0') + ':' + parts[2] + (parts[3] || '');
  };
  // A date written as a date field shows it (`12/24/2026`, `24.12.2026`) as `YYYY-MM-DD`: the
  // day and month in the order the browser's locale shows them, unless one of them can only be
  // the day (over 12); none for anything else.
  const isoDate = (value) => {
    const parts = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(value);
    if (!parts) return null;
    const [a, b, year] = [Number(parts[1]), Number(parts[2]), parts[3]];
    const order = new Intl.DateTimeFormat().formatToParts(new Date(2000, 10, 22)).filter((p) => p.type === 'day' || p.type === 'month');
    const monthFirst = a > 12 ? false : b > 12 ? true : order.length === 2 && order[0].type === 'month';
    const [month, day] = monthFirst ? [a, b] : [b, a];
    if (month < 1 || month > 12 || day < 1 || day > 31) return null;
    return year + '-' + String(month).padStart(2, '0') + '-' + String(day).padStart(2, '0');
  };
  // Whether a field offers suggestions (or results) as one types: a combobox or search box, one
  // that says it completes or controls a list, or a text field that turns the browser's own
  // suggestions off to draw its own (jQuery UI's autocomplete says nothing else; not a
  // password, an e-mail address or a number, which forms turn them off for too).
  // So does a text field whose page calls it a search or a filter (its id, name, class,
  // placeholder, ARIA label or label: w3schools' "Search for names..", a list's "Filter
  // people"), or that sits in a search (a `<search>` element or a `search` landmark) or in a
  // component so called (Vaadin's `vaadin-grid-filter` around its text field, a few steps up
  // through shadow roots): what it finds is drawn as one types, often once typing pauses.
  const SEARCHING = /search|filter|query|find|lookup|typeahead|autocomplete/i;
  const inSearch = (el) => {
    for (let up = upAcross(el), steps = 0; up && steps < 5; up = upAcross(up), steps++) {
      if (up.localName === 'search' || up.getAttribute('role') === 'search') return true;
      if (steps < 3 && up.localName.includes('-') && SEARCHING.test(up.localName)) return true;
    }
    return false;
  };
  const calledSearch = (el) => el.type === 'text' &&
    ([el.id, el.name, el.getAttribute('class'), el.placeholder, el.getAttribute('aria-label'), ...[...(el.labels || [])].map((l) => l.textContent)]
      .some((word) => word && SEARCHING.test(word)) || inSearch(el));
  const suggests = (el) => {
    const role = el.getAttribute('role');
    return role === 'combobox' || role === 'searchbox' || el.type === 'search' || el.hasAttribute('list') ||
      (el.hasAttribute('aria-autocomplete') && el.getAttribute('aria-autocomplete') !== 'none') ||
      el.hasAttribute('aria-controls') ||
      (el.type === 'text' && (el.getAttribute('autocomplete') || '').toLowerCase() === 'off') || calledSearch(el);
  };
  // The button a wheel's column (a slider) shows for `value` (through slots and shadow trees:
  // Ionic's options, each drawing its button): of that name, or of that number
  // (`5` for `05`), regardless of case; none where it holds no such buttons.
  const wheelOption = (slider, value) => {
    const wanted = clean(value).toLowerCase();
    const number = wanted === '' ? NaN : Number(wanted);
    for (const option of allIn(slider, 'button, [role=button], [role=option]')) {
      const name = nameOf(option, roleOf(option)).toLowerCase();
      if (name === wanted || (Number.isFinite(number) && name !== '' && Number(name) === number)) return option;
    }
    return null;
  };
  // Focuses `el` as a user's press does, taking the focus from the field before it; whether
  // that field's page heard it give its value up (`change`), and may answer by taking the focus
  // back a moment later (Pikaday draws the date typed there and focuses its field again after
  // a millisecond: the typing meant for `el` went there).
  const focusFrom = (el) => {
    let changed = false;
    const heard = () => { changed = true; };
    el.ownerDocument.addEventListener('change', heard, true);
    el.focus();
    el.ownerDocument.removeEventListener('change', heard, true);
    return changed;
  };
  // `answer` once the page's answers to the focus moving to `el` have run, `el` focused again
  // (and its text selected) if they took the focus elsewhere, as a user clicks back.
  const FOCUS_ANSWERS_MS = 10;
  const focusHeld = (el, answer, tries) => new Promise((resolve) => setTimeout(resolve, FOCUS_ANSWERS_MS)).then(() => {
    if (hasFocus(el) || !tries) return answer;
    el.focus();
    el.select();
    return focusHeld(el, answer, tries - 1);
  });
  function prepareFill(args, target) {
    const picked = pick(args, target);
    if (!picked.el) return picked;
    const el = picked.el;
    const uid = ref(el);
    el.scrollIntoView({ block: 'center', behavior: 'instant' });
    const barred = keptFromUser(el, uid, true);
    if (barred) return barred;
    if (isDisabled(el)) return { error: 'disabled', uid, element: describe(el) };
    if (!isVisible(el) && el.tagName !== 'SELECT') return { error: 'not-visible', uid, element: describe(el), shownBy: shownBy(el) };
    // A drop-down drawn around a read-only text field (Ant Design's Select; Mantine's and
    // PrimeReact's, a field that says it has a list box) opens on a press.
    // (Or one a class names a drop-down: Element Plus's cascader, a read-only field in its
    // `el-cascader`.)
    if (el.readOnly && (roleOf(el) === 'combobox' || opensList(el) || classedDropDown(el))) {
      notePopups(el);
      return { uid, kind: 'choose', open: el.getAttribute('aria-expanded') === 'true', press: ref(drawerOf(el)) };
    }
    if (el.readOnly) return { error: 'readonly', uid, element: describe(el) };
    // Typing goes to whatever has focus: make sure that is this element.
    const tag = el.tagName;
    const type = (el.getAttribute('type') || '').toLowerCase();
    const value = args.value === undefined ? '' : String(args.value);
    if (tag === 'SELECT') {
      const { options, chosen, told, already } = selectChoice(el, value);
      // (Chosen already: nothing changes, and no event fires, as when a user picks it again.)
      if (already) return { uid, kind: 'select', value: told, already: true };
      // One a drop-down of the page's stands for is chosen through it, as a user chooses (set
      // itself, the drop-down went on showing what it showed); its options may be more than
      // the `<select>` holds yet (fetched as typed).
      const stand = standIn(el);
      if (stand) {
        notePopups(stand);
        return { uid: ref(stand), kind: 'choose', open: stand.getAttribute('aria-expanded') === 'true', press: ref(drawerOf(stand)), standsFor: uid };
      }
      // (A disabled option, or one of a disabled group, is not chosen: a user cannot.)
      const off = chosen.find((o) => o.matches(':disabled'));
      if (off) {
        const enabled = options.filter((o) => !o.matches(':disabled')).map((o) => clean(o.textContent, 60));
        return { error: 'no-option', uid, value, options: enabled, disabled: clean(off.textContent, 60) };
      }
      if (!chosen.length) return { error: 'no-option', uid, value, options: options.map((o) => clean(o.textContent, 60)) };
      options.forEach((o) => { o.selected = chosen.includes(o); });
      fire(el, 'input'); fire(el, 'change');
      return { uid, kind: 'select', value: told };
    }
    // (Or a custom element whose own role, given through ElementInternals, is one: Fluent's.)
    if (type === 'checkbox' || type === 'radio' || ['checkbox', 'switch'].includes(roleOf(el))) {
      // A yes or no, as forms and peers' tools write it; any other word is refused, not taken
      // as a yes.
      const word = value.trim().toLowerCase();
      // (A radio button given the name or value of one of its group: that one is checked, as
      // the group itself takes it; before a yes or no, which a group may be named by.)
      const group = type === 'radio' ? radiosBeside(el) : [];
      const other = group.length > 1 && group.find((r) => namesOf(r).includes(word));
      if (other && !isDisabled(other)) return { uid: ref(other), kind: 'toggle', needsClick: !other.checked, checked: other.checked };
      const yes = ['true', '1', 'on', 'yes', 'checked'].includes(word);
      if (!yes && !['false', '0', 'off', 'no', 'unchecked'].includes(word)) {
        const options = group.length > 1 ? group.map((r) => clean(nameOf(r, roleOf(r)) || r.value, 60)) : undefined;
        return { error: 'toggle-value', uid, element: describe(el), value, options };
      }
      const want = yes;
      // (A native box given a role of its own says its state by `aria-checked`, which its
      // script keeps: Element Plus's switch leaves `checked` false while it shows on.)
      const told = el.getAttribute('role') && ['true', 'false'].includes(el.getAttribute('aria-checked'));
      const now = told ? el.getAttribute('aria-checked') === 'true' : checkedNow(el);
      if (!want && now && type === 'radio') return { error: 'radio-uncheck', uid, element: describe(el) };
      return { uid, kind: 'toggle', needsClick: want !== now, checked: now };
    }
    if (type === 'file') return { error: 'file-input', uid };
    // A combobox one does not type into (`inputmode=none`: Vuetify's select) is chosen from as
    // a drop-down is; not a date field that opens a picker (`aria-haspopup=dialog`: PrimeReact's
    // Calendar), which takes a typed date.
    if (tag === 'INPUT' && roleOf(el) === 'combobox' && el.getAttribute('inputmode') === 'none' && el.getAttribute('aria-haspopup') !== 'dialog') {
      notePopups(el);
      return { uid, kind: 'choose', open: el.getAttribute('aria-expanded') === 'true', press: ref(drawerOf(el)) };
    }
    if (tag === 'INPUT' || tag === 'TEXTAREA') {
      // (A field with a `<datalist>` is a combobox to Chromium, but its suggestions are the
      // browser's own, not the page's to press: it is typed into.)
      const datalist = tag === 'INPUT' && !!el.list;
      const combobox = !datalist && (roleOf(el) === 'combobox' || opensList(el));
      // A text combobox chosen from is pressed first, as a user presses it, and takes the
      // focus from that press: focused before it, its press would find it open already and
      // close it (Tom Select's).
      if (combobox && args.choosing && !INPUT_FORMATS[type]) {
        notePopups(el);
        return { uid, kind: 'type', empty: el.value === '', suggests: suggests(el), combobox, was: el.value, press: ref(drawerOf(el)), pageFocused: el.ownerDocument.hasFocus() };
      }
      const answered = focusFrom(el);
      if (!hasFocus(el)) return { error: 'not-focusable', uid, element: describe(el) };
      if (INPUT_FORMATS[type] && type !== 'number') {
        const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value').set;
        const was = el.value;
        // (A date as the field shows it, `12/24/2026`, is the date a user typing it gets.)
        const given = type === 'date' ? isoDate(value) || value : type === 'time' ? isoTime(value) || value : value;
        setter.call(el, given);
        // The input sanitizes what it does not take (a date to '', a colour to black): that is
        // refused with the form it takes, the field left as it was.
        const took = type === 'color' ? el.value === value.toLowerCase()
          : type === 'range' ? isNumber(value)
          : given === '' || el.value !== '';
        if (!took) { setter.call(el, was); return formatError(el, uid, type, value); }
        fire(el, 'input'); fire(el, 'change');
        return { uid, kind: 'set' };
      }
      // A number field drops what is not a number as it is typed: refused before, as above.
      if (type === 'number' && value.trim() !== '' && !isNumber(value)) return formatError(el, uid, type, value);
      el.select();
      // (A field that suggests as typed into, chosen from: the lists shown before it noted, and
      // what showed the value's words already.)
      // (Chosen from, a text field is taken to suggest, though it says nothing of it: Naive
      // UI's auto-complete; `select` asks for one of its suggestions.)
      const offers = suggests(el) || (args.choosing && el.type === 'text');
      if (combobox || (args.choosing && offers)) notePopups(el);
      if (args.choosing && !combobox && offers) [R.shownBefore, R.shownAt] = [showing(value), Date.now()];
      const prepared = { uid, kind: 'type', empty: el.value === '', suggests: offers, datalist, combobox, was: el.value, press: combobox ? ref(drawerOf(el)) : undefined, pageFocused: el.ownerDocument.hasFocus() };
      return answered ? focusHeld(el, prepared, 2) : prepared;
    }
    // A slider or spin button of ARIA's (a `div` with `aria-valuenow`) is moved as a keyboard
    // user moves it: focused here, the keys pressed by the daemon until it says the value.
    const role = roleOf(el);
    if ((role === 'slider' || role === 'spinbutton') && !el.isContentEditable && el.getAttribute('aria-valuenow') !== null) {
      if (el.getAttribute('aria-readonly') === 'true') return { error: 'readonly', uid, element: describe(el) };
      // (A wheel's column, a slider that holds its values as buttons — Ionic's time picker:
      // hours, minutes, AM and PM, going round —: the button of that value is pressed, as a
      // user taps it, the wheel turning to it.)
      const option = wheelOption(el, value);
      if (option) return { uid, kind: 'toggle', needsClick: true, press: ref(option) };
      const want = Number(value.trim());
      // (One that shows words for its values, not numbers — a time field's AM and PM —, takes
      // those words: stepped through until it shows them.)
      const shows = el.getAttribute('aria-valuetext') || '';
      const words = !Number.isFinite(want) && value.trim() !== '' && /\p{L}/u.test(shows) && !/\d/.test(shows);
      if (!words && (value.trim() === '' || !Number.isFinite(want))) return { error: 'range-value', uid, element: describe(el), value };
      el.focus();
      if (!hasFocus(el)) return { error: 'not-focusable', uid, element: describe(el) };
      const bound = (name) => { const given = el.getAttribute(name); return given !== null && Number.isFinite(Number(given)) ? Number(given) : null; };
      const toward = words ? { words: value } : { want, min: bound('aria-valuemin'), max: bound('aria-valuemax') };
      return { uid, kind: 'step', now: Number(el.getAttribute('aria-valuenow')), shown: shows, ...toward, pageFocused: el.ownerDocument.hasFocus() };
    }
    if (el.isContentEditable) {
      el.focus();
      if (!hasFocus(el)) return { error: 'not-focusable', uid, element: describe(el) };
      const range = el.ownerDocument.createRange(); range.selectNodeContents(el);
      const sel = el.ownerDocument.getSelection(); sel.removeAllRanges(); sel.addRange(range);
      if (args.choosing && suggests(el)) { notePopups(el); [R.shownBefore, R.shownAt] = [showing(value), Date.now()]; }
      // A segment of a date field drawn by the page (Material UI's pickers: month, day and
      // year, each an editable spin button) takes digits as typed over it; its field's own
      // select-all would take the whole date, the digits then filling it from the month on.
      return { uid, kind: 'type', selectAll: role !== 'spinbutton', suggests: suggests(el), pageFocused: el.ownerDocument.hasFocus() };
    }
    // An element the page edits through the EditContext API (Monaco's editor: no input, no
    // `contenteditable`) takes typed text as a field does; the daemon selects what it holds by
    // keyboard (the editor's own select-all), then types.
    if (el.editContext) {
      el.focus();
      if (!hasFocus(el)) return { error: 'not-focusable', uid, element: describe(el) };
      return { uid, kind: 'type', pageFocused: el.ownerDocument.hasFocus() };
    }
    // A drop-down the page draws (a `div` or button of role combobox, or a button that opens a
    // list box or a menu: Material UI's and Radix's Select, Headless UI's Listbox, an editor's
    // Heading menu): chosen as a user chooses, by opening it and pressing the option
    // (`option`), unless its list already shows. (Also before a text combobox is typed into.)
    // (A button that says it expands something it does not name, Bootstrap's dropdown toggle,
    // opens a menu too; one that names what it expands is an accordion's, a disclosure's.)
    const menuButton = role === 'button' && (POPUP_BUTTONS.has(el.getAttribute('aria-haspopup')) ||
      (el.hasAttribute('aria-expanded') && !el.hasAttribute('aria-controls')));
    // (A menu shown on the page, Spectrum's `sp-menu` of radio items: its item of that name
    // is pressed, as a list box's option is.)
    if (role === 'combobox' || role === 'listbox' || role === 'menu' || menuButton) {
      notePopups(el);
      return { uid, kind: 'choose', open: role === 'listbox' || role === 'menu' || el.getAttribute('aria-expanded') === 'true' };
    }
    // A drop-down drawn with no roles over a `<select>` kept out of sight (Fomantic UI's,
    // Chosen's), or over a hidden field of its own (Fomantic UI's again), is pressed open and
    // its option found by its words (`drawn`), unless the `<select>` holds it already.
    const kept = keptSelectOf(el);
    const field = !kept && roleOf(el) === CLICKABLE && (el.querySelector(':scope > input[type=hidden]') || classedDropDown(el));
    if (kept || field) {
      const { told, already } = kept ? selectChoice(kept, value) : {};
      if (already) return { uid, kind: 'select', value: told, already: true };
      notePopups(el);
      R.drawnClosed = shownWords(el).length;
      R.drawnLayer = null;
      R.drawnBefore = new WeakSet([...textsIn(document.body)].map(([holder]) => holder).filter(boxed));
      return { uid, kind: 'choose', open: false, drawn: true };
    }
    // A group of radio buttons (a radio group, a fieldset of them) is chosen from as a
    // drop-down is: the radio button of that name (or value) is checked.
    // (Its disabled radios are its own too, not to be chosen: Spectrum's "Pick-up".)
    const radioKind = membersOf(el, 'input[type=radio], [role=radio]', 'radio');
    const radios = radioKind.found.filter((r) => !isDisabled(r));
    if (radios.length && holdsOnly(el, radioKind.found, radioKind.deep)) {
      const wanted = clean(value).toLowerCase();
      const radio = radios.find((r) => namesOf(r).includes(wanted));
      if (!radio) return { error: 'no-option', uid, value, options: radios.map((r) => clean(nameOf(r, roleOf(r)), 60)), disabled: offMember(radioKind.found, wanted) };
      const now = checkedNow(radio);
      return { uid: ref(radio), kind: 'toggle', needsClick: !now, checked: now };
    }
    // A group of checkboxes (a box that holds nothing else: Ant Design's checkbox group) is
    // given the names (or values) of those to check, comma-separated: those checked, the others
    // not, as a list box of several is given its options.
    const boxKind = membersOf(el, 'input[type=checkbox], [role=checkbox]');
    const boxes = boxKind.found.filter((b) => !isDisabled(b));
    if (boxes.length > 1 && holdsOnly(el, boxKind.found, boxKind.deep)) {
      const asked = value.split(',').map((v) => clean(v)).filter(Boolean);
      const wanted = asked.map((w) => w.toLowerCase());
      const missing = wanted.findIndex((w) => !boxes.some((b) => namesOf(b).includes(w)));
      if (missing >= 0) return { error: 'no-option', uid, value: asked[missing], options: boxes.map((b) => clean(nameOf(b, roleOf(b)), 60)), disabled: offMember(boxKind.found, wanted[missing]) };
      const toggles = boxes.filter((b) => checkedNow(b) !== wanted.some((w) => namesOf(b).includes(w))).map((b) => ref(b));
      return { uid, kind: 'toggles', toggles };
    }
    // A box of fields (a date field's month, day and year; a card's inputs): the fields in it,
    // for the error to name.
    const takesValue = (f) => f !== el && isVisible(f) && !isDisabled(f) && !f.closest('[aria-hidden=true]') && (FILLED_ROLES.has(roleOf(f)) || f.isContentEditable);
    const fieldLine = (f) => ({ uid: ref(f), role: shown(roleOf(f)), name: nameOf(f, roleOf(f), 60) });
    const FIELDS = 'input,textarea,select,[contenteditable],[role]';
    const fields = outermost(Array.from(el.querySelectorAll(FIELDS)).filter(takesValue)).slice(0, 5).map(fieldLine);
    // Nothing in it takes a value (a heading, a link): the fields nearest to it on the page,
    // those an agent most likely meant, for the error to name; and whether it is a bare element
    // a click acts on (a drop-down drawn without roles, which opens on a click).
    const near = fields.length ? [] : nearestFields(el, takesValue, FIELDS).map(fieldLine);
    return { error: 'not-fillable', uid, element: describe(el), fields, near, bare: roleOf(el) === CLICKABLE, handle: handleOf(el) };
  }
  // Where a slider's handle that tells no value (no role, no words: jQuery UI's, placed along
  // its track by `left` or `bottom` in per cent) sits: `at` per cent of the track, the
  // handle's middle, and the track's ends through it, in the view's pixels; none for another
  // element.
  const handleOf = (el) => {
    const track = el.parentElement;
    if (roleOf(el) !== CLICKABLE || clean(el.textContent) || !track) return null;
    const across = /%$/.test(el.style.left);
    if (!across && !/%$/.test(el.style.bottom)) return null;
    const [h, t] = [el.getBoundingClientRect(), track.getBoundingClientRect()];
    if (across ? t.width < 3 * h.width : t.height < 3 * h.height) return null;
    const middle = [Math.round(h.left + h.width / 2), Math.round(h.top + h.height / 2)];
    const ends = across ? [[Math.round(t.left), middle[1]], [Math.round(t.right), middle[1]]]
      : [[middle[0], Math.round(t.bottom)], [middle[0], Math.round(t.top)]];
    return { at: parseFloat(across ? el.style.left : el.style.bottom), middle, from: ends[0], to: ends[1] };
  };
  // Of `elements` (in page order), those no other of them holds.
  const outermost = (elements) => elements.filter((e, i) => !elements.slice(0, i).some((outer) => outer.contains(e)));
  // The three fields (`takes`, among those `selector` matches) whose boxes lie nearest to
  // `el`'s, nearest first.
  const nearestFields = (el, takes, selector) => {
    const at = el.getBoundingClientRect();
    const apart = (f) => {
      const r = f.getBoundingClientRect();
      const dx = Math.max(0, r.left - at.right, at.left - r.right);
      const dy = Math.max(0, r.top - at.bottom, at.top - r.bottom);
      return Math.hypot(dx, dy);
    };
    return outermost(deepQueryAll(selector).filter(takes))
      .map((f) => [apart(f), f]).sort((a, b) => a[0] - b[0]).slice(0, 3).map(([, f]) => f);
  };
  // The options of the `<select>` `el` that `value` names (by value or words; comma-separated
  // for one that takes several), and whether they are all it has chosen already.
  const selectChoice = (el, value) => {
    const options = Array.from(el.options);
    const whole = options.filter((o) => o.value === value || clean(o.textContent) === value.trim());
    const wanted = whole.length || !el.multiple ? [value.trim()] : value.split(',').map((v) => v.trim());
    const chosen = options.filter((o) => wanted.includes(o.value) || wanted.includes(clean(o.textContent)));
    const told = chosen.map((o) => clean(o.textContent, 60)).join(',');
    return { options, chosen, told, already: chosen.length > 0 && options.every((o) => o.selected === chosen.includes(o)) };
  };
  // The words shown around a drop-down drawn with no roles (in what holds it, where a press
  // reaches them; not a label's): more while it is open (a list clipped out of sight, as
  // Chosen closes its own, shows none), its options among them.
  const shownWords = (el) => {
    const words = [];
    for (const [holder, text] of textsIn(el.parentElement || el)) {
      if (words.length >= 50) break;
      const short = clean(text, 60);
      if (!holder.closest('label, select') && !words.includes(short) && showsAtMiddle(holder)) words.push(short);
    }
    return words;
  };
  // The `<select>` of one option that a drop-down drawn with no roles stands for, kept out of
  // sight in it (Fomantic UI's) or just before what holds it (Chosen's); none for an element
  // that is none.
  // (Only an element of no role of its own but a click's: a button or a link acts.)
  const keptSelectOf = (el) => {
    if (roleOf(el) !== CLICKABLE) return null;
    const hidden = (select) => !!select && select.tagName === 'SELECT' && !select.multiple && outOfSight(select);
    const inside = el.querySelectorAll('select');
    if (inside.length === 1 && hidden(inside[0])) return inside[0];
    for (let at = el, up = 0; at && up < 2; at = at.parentElement, up++) {
      if (hidden(at.previousElementSibling)) return at.previousElementSibling;
    }
    return null;
  };
  // The names a checkbox or radio button answers to, in lower case: its own and its `value`.
  const namesOf = (el) => [nameOf(el, roleOf(el)), el.getAttribute('value')].filter(Boolean).map((n) => clean(n).toLowerCase());
  // Whether a checkbox or radio button is checked: a native one by `checked`, one of ARIA's
  // by `aria-checked`, a custom element that tells it by neither by its custom state (Fluent's).
  const checkedNow = (el) => (el.checked !== undefined ? el.checked
    : el.getAttribute('aria-checked') === 'true' || (!el.hasAttribute('aria-checked') && A11Y.customState(el, 'checked')));
  // Whether `el` holds the fields `members` and no other (disabled ones counted), looking into
  // open shadow roots where the members were found there (`deep`).
  const GROUPED = 'input:not([type=hidden]), select, textarea, [role=checkbox], [role=radio], [role=textbox], [role=combobox]';
  // The name of the disabled one of a group's `members` that `wanted` names (lower case), for
  // the error to say it cannot be chosen now; undefined where none does.
  const offMember = (members, wanted) => {
    const off = members.find((m) => isDisabled(m) && namesOf(m).includes(wanted));
    return off ? clean(nameOf(off, roleOf(off)), 60) : undefined;
  };
  const holdsOnly = (el, members, deep) => [...(deep ? allIn(el, GROUPED) : el.querySelectorAll(GROUPED))].every((field) => members.includes(field));
  // The members of a group `el` holds that `selector` matches: its own, else those it shows
  // through shadow roots and slots (Carbon's radio group: a fieldset in a shadow root whose
  // slot shows the `cds-radio-button`s, each input in a shadow root of its own), with which it
  // was (`deep`).
  // (With `role`, else those of that role their script gives them through ElementInternals:
  // Fluent's `fluent-radio`s.)
  const membersOf = (el, selector, role) => {
    const own = [...el.querySelectorAll(selector)];
    if (own.length) return { found: own, deep: false };
    const deep = allIn(el, selector);
    if (deep.length || !role) return { found: deep, deep: true };
    return { found: [...el.querySelectorAll('*')].filter((e) => e.localName.includes('-') && !e.hasAttribute('role') && roleOf(e) === role), deep: false };
  };
  // The radio buttons of the group of the radio button `el`: those of its name in its form
  // (or its document), else those of the radio group or fieldset around it.
  const radiosBeside = (el) => {
    if (el.name) {
      const scope = el.form || el.getRootNode();
      return [...scope.querySelectorAll('input[type=radio]')].filter((r) => r.name === el.name && r.form === el.form);
    }
    // (Radios of no name: those of what holds them, the group around it or the nearest box
    // that holds another: Ant Design's radio group.)
    let group = el.closest('[role=radiogroup], fieldset');
    for (let at = el.parentElement, up = 0; !group && at && up < 4; at = at.parentElement, up++) {
      if (at.querySelectorAll('input[type=radio]').length > 1) group = at;
    }
    return group ? [...group.querySelectorAll('input[type=radio]')] : [];
  };
  // Whether a class of `el` or of what holds it, three levels up, names a drop-down (Naive
  // UI's `n-base-selection`, a `dropdown`, a `cascader`): a bare element so classed is pressed
  // open and its option found by its words. (Not a `picker`: a date picker's field opens a
  // calendar, not a list: Ant Design's read-only one is clicked open, as its error hints.)
  const DROP_DOWN_CLASS = /select(?!ed)|drop-?down|combo|cascader/i;
  const classedDropDown = (el) => classedUp(el, DROP_DOWN_CLASS, 4);
  // Whether a class of `el`, or of what holds it (`levels` in all, short of the body), matches
  // `pattern`.
  // (Across a shadow root to its host, whose element's own name counts as a class: UI5's
  // `ui5-multi-combobox` around its field.)
  const classedUp = (el, pattern, levels) => {
    for (let at = el, up = 0; at && at !== document.body && up < levels; at = upAcross(at), up++) {
      if ([...at.classList].some((c) => pattern.test(c)) || (at.localName.includes('-') && pattern.test(at.localName))) return true;
    }
    return false;
  };
  const FILLED_ROLES = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton', 'slider', 'listbox', 'checkbox', 'radio', 'switch']);
  const POPUP_BUTTONS = new Set(['listbox', 'menu', 'true']);
  // Whether `hit`, inside `el`, is (or is inside) a control of its own other than `el`: one
  // pressed (`PRESSED`), or of any kind (`anyControlIn`).
  const PRESSED = 'button, a[href], input, select, textarea, [role=button], [role=link], [role=checkbox], [role=option]';
  const ANY_CONTROL = PRESSED + ', [role=radio], [role=switch], [role=combobox], [role=tab], [role=menuitem], [role=slider], [role=textbox]';
  const controlIn = (el, hit, kinds = PRESSED) => {
    const control = hit.closest(kinds);
    return !!control && control !== el && el.contains(control);
  };
  const anyControlIn = (el, hit) => controlIn(el, hit, ANY_CONTROL);
  // A point of `el` on the line at `y`, scanned every 10 px from one end (`fromRight`), where
  // what shows is `el`'s own, no control `onControl` tells: [x, what shows there] (none: null).
  const freePoint = (el, r, y, onControl, fromRight) => {
    for (let x = fromRight ? r.right - 6 : r.left + 6; fromRight ? x > r.left : x < r.right; x += fromRight ? -10 : 10) {
      const there = el.ownerDocument.elementFromPoint(x, y);
      if (there && el.contains(there) && !onControl(el, there)) return [x, there];
    }
    return null;
  };
  // What a user presses to open a drop-down field: the field, or where it is kept out of sight
  // for screen readers (a box of a pixel: PrimeReact's Dropdown) or takes no pointer (Vuetify's
  // select: `pointer-events: none`), the element that draws it.
  const drawerOf = (el) => {
    const tiny = (e) => { const r = e.getBoundingClientRect(); return r.width < 4 || r.height < 4; };
    // (The field keeps its size inside a box of a pixel that clips it.)
    let hidden = getComputedStyle(el).pointerEvents === 'none';
    for (let at = el; at && at !== document.body && !hidden; at = at.parentElement) {
      const s = getComputedStyle(at);
      hidden = tiny(at) && (at === el || s.overflow !== 'visible' || s.clip !== 'auto');
    }
    if (!hidden) return el;
    // The nearest element around it of a size that takes the pointer where it shows.
    for (let at = el.parentElement; at && at !== document.body; at = at.parentElement) {
      if (!tiny(at) && getComputedStyle(at).pointerEvents !== 'none' && showsAtMiddle(at)) return at;
    }
    return el;
  };
  // Whether a field says it opens a list of options (`aria-haspopup`), as a combobox does.
  const opensList = (el) => POPUP_BUTTONS.has(el.getAttribute('aria-haspopup'));
  const POPUPS = '[role=listbox],[role=menu],[role=tree],[role=radiogroup],[role=dialog],[role=alertdialog]';
  // Lists whose options are radios or checkboxes: a group of radios, or a dialog of them that
  // a drop-down opens (Ionic's select: an alert of radios or checkboxes, an action sheet).
  const GROUP_LISTS = new Set(['radiogroup', 'dialog', 'alertdialog']);
  const LISTS = new Set(['listbox', 'menu', 'tree', ...GROUP_LISTS]);
  // The list boxes and menus shown before a drop-down is pressed or typed into: not its own.
  // (None when its own shows already.)
  const notePopups = (el) => {
    R.listScroll = null;
    R.popupsBefore = el.getAttribute('aria-expanded') === 'true' ? null
      : new WeakSet(deepQueryAll(POPUPS).filter((list) => choicesOf(list).some(boxed)));
  };
  const LIST_CHOICES = '[role=option],[role=menuitem],[role=menuitemradio],[role=menuitemcheckbox],[role=treeitem]';
  const GROUP_CHOICES = '[role=radio],[role=checkbox],input[type=radio],input[type=checkbox]';
  // The options of a list box or menu, in the flat tree: its own, those of its shadow tree,
  // and those its slots show (Material Web's select: options slotted into its menu).
  const choicesOf = (list) => {
    const kinds = GROUP_LISTS.has(roleOf(list)) ? GROUP_CHOICES : LIST_CHOICES;
    const found = new Set(list.querySelectorAll(kinds));
    for (const root of [list, list.shadowRoot]) {
      if (!root) continue;
      if (root !== list) root.querySelectorAll(kinds).forEach((c) => found.add(c));
      for (const slot of root.querySelectorAll('slot')) {
        for (const shown of slot.assignedElements({ flatten: true })) {
          if (shown.matches(kinds)) found.add(shown);
          shown.querySelectorAll(kinds).forEach((c) => found.add(c));
          // (An option element that draws its option inside: `md-select-option`.)
          if (shown.shadowRoot) shown.shadowRoot.querySelectorAll(kinds).forEach((c) => found.add(c));
        }
      }
    }
    return [...found];
  };
  // The option named `value` in the list box or menu a drop-down (`el`) shows: the one it
  // controls or owns (`aria-controls`, `aria-owns`), else the last one shown on the page since
  // it was prepared (a pop-up is drawn at the end of the document); `pending` while none
  // shows. An option matches by its name, then regardless of case, then by its words, then by
  // its `data-value` or `value`. With `parts` (a value of several, comma-separated), the
  // options of each part when the whole value is none (`parts`: uid and whether it is chosen
  // already). `multi`: whether the list takes several options (`aria-multiselectable`), false
  // for a list box that does not say so, null where the page does not tell.
  function option(args, target) {
    const picked = pick(args, target);
    if (!picked.el) return picked;
    const el = picked.el;
    // (Not one on its way out: Slim Select's fades and folds away over 200 ms once an option is
    // chosen, its options drawn until it ends, gone from under the pointer by the press.)
    const shows = (list) => list && LISTS.has(roleOf(list)) && choicesOf(list).some(boxed) && !closing(list);
    // (The lists it names: those it controls or owns.)
    const named = [...idrefs(el, 'aria-controls'), ...idrefs(el, 'aria-owns')];
    const before = R.popupsBefore || new WeakSet();
    // (Its own list, or those shown since it was pressed, the last drawn last: a cascade's
    // columns, each a menu, Element Plus's.)
    const itsList = shows(el) ? el : named.find(shows);
    const lists = itsList ? [itsList] : deepQueryAll(POPUPS).filter((l) => shows(l) && !before.has(l));
    const list = lists[lists.length - 1];
    if (args.confirm) return { confirm: list ? confirmOf(list) : null };
    const value = clean(args.value);
    const parts = (args.parts || []).map((p) => clean(p));
    const expanded = el.getAttribute('aria-expanded') === 'true';
    // (A list box of several says so; where it does not, the drop-down's own class may:
    // Mantine's `MultiSelect`, Ant Design's `ant-select-multiple`, PrimeReact's
    // `p-multiselect`; or its list's: Element Plus's `is-multiple` pop-up.)
    // (Or the list it names says so, kept for screen readers while its options are drawn
    // without roles: Calcite's combobox.)
    const several = (l) => [l, el, ...named].some((e) => e && e.getAttribute('aria-multiselectable') === 'true') || namedSeveral(el) ||
      (!!l && listedSeveral(l));
    // (A text field that suggests, typed into: a list shown since, else words in a layer.)
    if (!list && args.suggested) return drawnOption(el, value, parts, args.last, null, 'over');
    // (A drop-down drawn with no roles: its options are words shown once it is pressed open,
    // in it or over the page; open while more words show around it than did closed.)
    // (Where its option showed in a layer over the page, while that layer shows words: Naive UI's
    // menu, which stays open once an option of several is chosen, and whose chosen options
    // add words beside it.)
    if (!list && args.drawn && !value) {
      const layer = R.drawnLayer && R.drawnLayer.deref();
      const open = layer ? layer.isConnected && (wordsOf(layer).length > 0 || fading(layer)) : shownWords(el).length > (R.drawnClosed || 0);
      return { pending: true, expanded: open, leaving: !open && !!layer && takesRoom(layer) };
    }
    if (!list && args.drawn) return drawnOption(el, value, parts, args.last, null, 'in');
    if (!list) {
      // (A list it names that shows no option, but one that adds the words typed: Tom
      // Select's "Add Lyon…" once nothing it lists matches.)
      const own = value && named.find((l) => l && boxed(l));
      const adds = own ? chosen(value, (v) => adderIn(own, v), parts, several(null) || null) : {};
      if (adds.missing === undefined && (adds.uid || adds.parts)) return adds;
      // (Every option asked chosen already, of a list that leaves those out: it may show none.)
      const held = value && several(null) && chosen(value, () => null, parts, true, null, (words) => chipOf(el, words));
      if (held && held.missing === undefined) return held;
      return expanded ? drawnOption(el, value, parts, args.last, several(null) || null) : { pending: true, expanded, covered: covered(drawerOf(el)) };
    }
    // (A group of radios takes one; a dialog of checkboxes several.)
    const kind = roleOf(list);
    const multi = several(list) || (kind === 'listbox' ? false
      : GROUP_LISTS.has(kind) ? choicesOf(list).some((c) => roleOf(c) === 'checkbox') : null);
    // (The options of every list shown since, the first column's first.)
    const all = lists.flatMap(choicesOf);
    const options = all.filter((o) => boxed(o) && !isDisabled(o));
    const names = options.map((o) => nameOf(o, roleOf(o)));
    const find = (wanted) => {
      let at = names.indexOf(wanted);
      if (at < 0) at = names.findIndex((n) => n.toLowerCase() === wanted.toLowerCase());
      // (Its words alone, without an icon's label: Ant Design's Cascader names "Europe right".)
      if (at < 0) at = options.findIndex((o) => clean(o.innerText).toLowerCase() === wanted.toLowerCase());
      // (The words it shows, without those kept for screen readers in a box of no size: UI5's
      // "Not Selected," before each option of its multi-combobox.)
      if (at < 0) at = options.findIndex((o) => shownText(o).toLowerCase() === wanted.toLowerCase());
      if (at < 0) at = options.findIndex((o) => [o.getAttribute('data-value'), o.getAttribute('value')].includes(wanted));
      // (None of those words: what the list offers to add them as its own.)
      return at < 0 ? adderIn(list, wanted) : options[at];
    };
    const activeId = el.getAttribute('aria-activedescendant');
    const active = activeId && list.getAttribute('aria-multiselectable') !== 'true' ? list.querySelector('[id="' + CSS.escape(activeId) + '"]') : null;
    const answer = chosen(value, find, parts, multi, active, (words) => chipOf(el, words), selectStoodFor(el));
    // (A long list draws only the options in view — Vaadin's time picker, 48 half hours, ten
    // drawn —: on a miss it is scrolled a page on, from where it opened to its end, then from
    // its start, and looked at again, as a user scrolls it.)
    if (value && answer.missing !== undefined && !args.last && scrollOn(list)) return { pending: true, expanded: true };
    // (Options still drawing in, one after another — Material Web's menu —: not yet an answer,
    // unless this is the last look, `last`.)
    if (answer.missing !== undefined && !args.last && all.some((o) => !isDisabled(o) && !boxed(o))) return { pending: true, expanded: true };
    if (answer.missing !== undefined) {
      // (Options that open more — a cascade's groups, a tree's branches — are the path's first
      // steps: `Asia / Japan`.)
      const groups = options.some((o) => o.hasAttribute('aria-expanded') || ['menu', 'true'].includes(o.getAttribute('aria-haspopup')));
      // (Listed but disabled: told so, not as missing.)
      const missing = String(answer.missing).toLowerCase();
      const off = all.find((o) => isDisabled(o) && [nameOf(o, roleOf(o)), clean(o.innerText)].some((n) => n.toLowerCase() === missing));
      return { error: 'no-option', uid: ref(el), value: answer.missing, options: names.slice(0, 50).map((n) => clean(n, 60)), multi, expanded, groups,
        disabled: off ? clean(nameOf(off, roleOf(off)), 60) : undefined };
    }
    return answer;
  }
  // Scrolls the box that scrolls `list` (it, or what holds it, across shadow roots) a page on,
  // once to its end, then once from its start (`R.listScroll` keeps where it went): whether it
  // moved.
  const scrollOn = (list) => {
    let box = null;
    for (let at = list; at && at !== document.body && !box; at = upAcross(at)) {
      if (/(auto|scroll)/.test(getComputedStyle(at).overflowY) && at.scrollHeight > at.clientHeight + 1) box = at;
    }
    if (!box) return false;
    let scan = R.listScroll && R.listScroll.box.deref() === box ? R.listScroll : null;
    if (!scan) scan = R.listScroll = { box: new WeakRef(box), from: box.scrollTop, wrapped: false };
    const end = box.scrollTop + box.clientHeight >= box.scrollHeight - 1;
    if (end && scan.wrapped) return false;
    if (end) {
      scan.wrapped = true;
      box.scrollTop = 0;
      return scan.from > 0;
    }
    if (scan.wrapped && box.scrollTop >= scan.from) return false;
    box.scrollTop += Math.max(box.clientHeight - 24, 24);
    return true;
  };
  // The button that confirms what was chosen in a dialog of options that waits for it (Ionic's
  // alert: OK beside Cancel), as a uid: one of the dialog around `list` (or `list` itself) that
  // shows and says so; none where the dialog takes each choice at once.
  const CONFIRMS = /^(ok|done|confirm|apply|select|set|choose)$/i;
  const confirmOf = (list) => {
    const dialog = list.closest('[role=dialog],[role=alertdialog],dialog,[aria-modal=true]');
    if (!dialog) return null;
    const button = [...dialog.querySelectorAll('button,[role=button]')]
      .find((b) => boxed(b) && !isDisabled(b) && CONFIRMS.test(nameOf(b, roleOf(b))));
    return button ? ref(button) : null;
  };
  // What a list offers to add `words` it does not list as an option of its own (a new tag):
  // the innermost element that reads "Add family…" or `Create "family"` (Tom Select's and
  // react-select's creatable lists).
  const ADDS = /^(?:add|create)\s*:?\s*["“'«]?(.+?)["”'»]?\s*(?:…|\.\.\.)?$/i;
  // (What adds words is never shown chosen: Tom Select's is `aria-selected` for the keys.)
  const adders = new WeakSet();
  const adderIn = (list, words) => {
    let found = null;
    for (const e of list.querySelectorAll('*')) {
      const adds = boxed(e) && ADDS.exec(clean(e.innerText || ''));
      if (adds && adds[1].toLowerCase() === words.toLowerCase()) found = e;
    }
    if (found) adders.add(found);
    return found;
  };
  // Whether something else than `el` is drawn over its middle (a closed menu's backdrop that
  // the page has not taken away yet).
  const covered = (el) => {
    const r = el.getBoundingClientRect();
    const root = el.getRootNode();
    const hit = (root.elementFromPoint ? root : document).elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!hit && !el.contains(hit) && !hit.contains(el);
  };
  // Whether the classes of a drop-down or of what holds it (a few levels up) name it a select
  // of several (Tom Select's `ts-wrapper multi`, Chosen's `chosen-container-multi`), or it
  // stands for a `<select multiple>` kept out of sight in it or beside it (what such widgets
  // draw over: Choices.js, Tom Select).
  const MULTI_CLASS = /multi-?select|select-?multiple|multi-?combo|is-multi|(^|[-_])multi(ple)?$/i;
  // Whether the classes of `el` (a drop-down, or its list) or of what holds it, a few levels
  // up, name it one of several (Element Plus's pop-up `el-select-dropdown is-multiple`).
  const listedSeveral = (el) => classedUp(el, MULTI_CLASS, 5);
  // (A chip input takes several too: each option chosen is a chip beside it, Angular Material's
  // `mat-mdc-chip-input`.)
  const CHIP_INPUT = /(^|[-_])chips?-?input$/i;
  const namedSeveral = (el) => {
    const keptSeveral = (select) => !!select && !!select.multiple && outOfSight(select);
    if (listedSeveral(el) || [...el.classList].some((c) => CHIP_INPUT.test(c)) || [...el.querySelectorAll('select')].some(keptSeveral)) return true;
    for (let at = el, up = 0; at && up < 5; at = at.parentElement, up++) {
      const kept = at.parentElement && at.parentElement.querySelector(':scope > select[multiple]');
      if (kept && kept !== at && keptSeveral(kept)) return true;
    }
    return false;
  };
  // The `<select>` kept out of sight that the drop-down `el` stands for (Select2's and Tom
  // Select's right before what holds it, Choices.js's inside it), if any.
  const selectStoodFor = (el) => {
    for (let at = el, up = 0; at && up < 5; at = at.parentElement, up++) {
      const kept = at.parentElement && at.parentElement.querySelector(':scope > select');
      const stand = kept && kept !== at && outOfSight(kept) ? standIn(kept) : null;
      if (stand && (stand === el || stand.contains(el) || el.contains(stand))) return kept;
    }
    return null;
  };
  // Whether the `<select>` a drop-down stands for has the option `o` shows chosen (undefined:
  // it has no option of those words). What the page chose is what it holds; the list's marks
  // may say otherwise (Select2 4.1 marks the option the keys are on `aria-selected` in a list
  // that takes several).
  const keptChosen = (select, o) => {
    const words = clean(o.textContent).toLowerCase();
    const match = [...select.options].find((option) => clean(option.textContent).toLowerCase() === words);
    return match ? match.selected : undefined;
  };
  // What a drop-down offers for `value`: its option (`uid`, `selected`), else with
  // `parts` each part's option (`parts`), else the part (or the whole) it lacks (`missing`).
  // `find` gives the option of one name.
  // In a drop-down that takes several, an option its list leaves out once chosen is found by
  // what shows it chosen (`held`). `kept`: the `<select>` the drop-down stands for.
  const chosen = (value, find, parts, multi, active, held = () => null, kept = null) => {
    const chips = new Set();
    const told = (o) => kept ? keptChosen(kept, o) : undefined;
    const isChosen = (o) => chips.has(o) || (!adders.has(o) && (told(o) ?? chosenAlready(o, active)));
    const look = (v) => {
      const option = find(v);
      const chip = !option && multi ? held(v) : null;
      if (chip) chips.add(chip);
      return option || chip;
    };
    const whole = look(value);
    if (whole) return { uid: ref(whole), selected: isChosen(whole), multi };
    // (A list box that takes one option has none of several.)
    if (parts.length < 2 || multi === false) return { missing: value };
    const found = parts.map(look);
    const lacking = parts.find((_, i) => !found[i]);
    if (lacking !== undefined) return { missing: lacking };
    return { parts: found.map((o) => ({ uid: ref(o), selected: isChosen(o) })), multi };
  };
  // What shows `words` chosen in the drop-down `el` (a chip, a tag: react-select, Tom Select and
  // Choices.js leave chosen options out of their list): what holds a text of exactly those words
  // in what draws it, a few levels up; not an option not chosen, nor a `<select>`'s.
  const chipOf = (el, words) => {
    const wanted = words.toLowerCase();
    if (!wanted) return null;
    for (let at = el, up = 0; at && at !== document.body && up < 4; at = at.parentElement, up++) {
      for (const [holder, text] of textsIn(at)) {
        if (text.toLowerCase() !== wanted || holder === el || holder.closest('select, datalist')) continue;
        const option = holder.closest('[role=option]');
        if ((!option || chosenAlready(option)) && boxed(holder)) return holder;
      }
    }
    return null;
  };
  // Whether an option shows as chosen already: `aria-selected` or `aria-checked`, a checked box
  // inside it, or a class that says so (Ant Design's drawn options: `…-option-selected`). The
  // `active` option (the drop-down's active descendant, in a list that does not say it takes
  // several) may be `aria-selected` for being the one the keys are on (Tom Select's).
  const chosenAlready = (o, active) => [o, o.parentElement, o.parentElement && o.parentElement.parentElement].some((e) => e && (
    (e.getAttribute('aria-selected') === 'true' && e !== active) || e.getAttribute('aria-checked') === 'true' ||
    [...e.classList].some((c) => /(^|[-_])selected$/i.test(c)))) ||
    !!o.querySelector('input[type=checkbox]:checked, [role=checkbox][aria-checked=true]');
  // How long a suggestion shown for what a field held waits for one drawn for what was typed.
  const SUGGESTIONS_FOLLOW_MS = 800;
  // An open drop-down whose options are no list box's (Ant Design's: plain `div`s beside a
  // list box kept out of sight for screen readers; Bootstrap's menu of links): the option is
  // what the page shows with exactly that text, on top where it shows, in a pop-up or beside
  // the drop-down, the last in the page (drawn at its end); `pending` until one shows, or on
  // the `last` look a value none shows as `no-option`. Where options show (`reach`): `near`,
  // over the page or beside the drop-down; `over`, in a pop-up only (a text field's
  // suggestions, not its own tags beside it); `in`, in the drop-down too (Fomantic UI draws its
  // menu inside it).
  const drawnOption = (el, value, parts, last, multi, reach = 'near') => {
    const [layered, within] = [reach === 'over', reach === 'in'];
    const wanted = new Set([value, ...parts].map((v) => v.toLowerCase()));
    const found = new Map();
    // (The page's words, then, where some are not among them, those of its shadow trees:
    // options a web component draws in shadow trees of their own, Calcite's combobox items.)
    const texts = function* () {
      yield* textsIn(document.body);
      if ([...wanted].some((w) => !found.has(w))) for (const host of shadowHosts(document)) yield* textsIn(host.shadowRoot);
    };
    for (const [holder, text] of texts()) {
      const words = text.toLowerCase();
      if (!wanted.has(words) || (el.contains(holder) && !within) || !boxed(holder)) continue;
      // (A field's suggestion is not what showed those words before it was typed into: a
      // fixed header's link.)
      // (Unless it shows in a pop-up against the field: its suggestions, shown already for
      // what it held, Naive UI's auto-complete's.)
      if (layered && R.shownBefore && R.shownBefore.has(holder)) {
        if (!against(el, layerOf(holder))) continue;
        // (Shown for what it held, it may be drawn again for what was typed a moment later —
        // jQuery UI's menu, 300 ms after the last key, opened again after a press on the old
        // one —: a newer one is waited for a while, as a user waits for the list to follow.)
        if (!last && Date.now() - R.shownAt < SUGGESTIONS_FOLLOW_MS) continue;
      }
      // (Over the page, or beside the drop-down in what holds it: a menu drawn in the page's
      // flow, Bootstrap's in a collapsed navigation bar.)
      const beside = el.parentElement && el.parentElement.contains(holder);
      if (showsAtMiddle(holder) && (layerOf(holder) || (beside && !layered) || (within && el.contains(holder)))) found.set(words, holder);
    }
    const answer = chosen(value, (v) => found.get(v.toLowerCase()) || null, parts, multi);
    if (answer.missing === undefined) {
      const layer = found.size && layerOf(found.values().next().value);
      R.drawnLayer = layer ? new WeakRef(layer) : null;
      return answer;
    }
    if (!last) return { pending: true, expanded: true };
    // (On the last look, the words of the layer an option of another part showed in, else of
    // what the drop-down shows beside it.)
    const shown = found.size && found.values().next().value;
    // (Else the layer over the page that came with the press, if one did: Naive UI's menu,
    // drawn at the page's end. Whether it is closed is told by that layer.)
    const opened = shown ? layerOf(shown) : within && R.drawnBefore ? newLayer(el) : null;
    if (opened && within) R.drawnLayer = new WeakRef(opened);
    const options = shown || opened ? wordsOf(opened || shown)
      : within ? shownWords(el)
      : el.parentElement ? wordsOf(el.parentElement).filter((w) => !clean(el.innerText || '').includes(w)) : [];
    return { error: 'no-option', uid: ref(el), value: answer.missing, options, multi, expanded: true };
  };
  // Whether `list`, or what holds it a few levels up, is running a transition to nothing: its
  // opacity to 0, or a scale to 0.
  const closing = (list) => {
    const toNothing = (frame) => frame.opacity === '0' || /scale[XY]?\(0\)/.test(frame.transform || '');
    for (let at = list, up = 0; at && up < 4; at = at.parentElement, up++) {
      for (const a of at.getAnimations()) {
        const frames = a.playState === 'running' && a.effect ? a.effect.getKeyframes() : [];
        if (frames.length && toNothing(frames[frames.length - 1])) return true;
      }
    }
    return false;
  };
  // Whether `layer` is still laid out and animating (a menu fading out: gone once its
  // transition ends, though its opacity reached 0 before).
  const fading = (layer) => takesRoom(layer) && layer.getAnimations({ subtree: true }).some((a) => a.playState === 'running');
  // The layer over the page that shows words it did not show before the drop-down `el` was
  // pressed open (`R.drawnBefore`), outside it.
  const newLayer = (el) => {
    for (const [holder] of textsIn(document.body)) {
      if (R.drawnBefore.has(holder) || el.contains(holder) || !boxed(holder)) continue;
      const layer = layerOf(holder);
      if (layer) return layer;
    }
    return null;
  };
  // Whether the layer `layer` lies against the field `el`: just below it or just above it,
  // across from it (a field's pop-up of suggestions, not a fixed bar of the page).
  // (`gap`: how far from it; `over`: a layer drawn over the field counts too, as a calendar
  // placed at the field's top does: bootstrap-datepicker's.)
  const against = (el, layer, gap = 16, over = false) => {
    if (!layer) return false;
    const [f, l] = [el.getBoundingClientRect(), layer.getBoundingClientRect()];
    const across = l.left < f.right && l.right > f.left;
    if (over) return across && l.top <= f.bottom + gap && l.bottom >= f.top - gap;
    const below = l.top >= f.bottom - 2 && l.top <= f.bottom + gap;
    const above = l.bottom <= f.top + 2 && l.bottom >= f.top - gap;
    return across && (below || above);
  };
  // What shows exactly `words` on the page now (before a field that suggests is typed into).
  const showing = (words) => {
    const wanted = clean(words).toLowerCase();
    const found = new WeakSet();
    for (const [holder, text] of textsIn(document.body)) {
      if (text.toLowerCase() === wanted && boxed(holder)) found.add(holder);
    }
    return found;
  };
  // The layer over the page that holds `el`, if one does: the nearest element (itself, or what
  // holds it) positioned absolute or fixed, as a pop-up is; not the page's own flow.
  // (From inside a shadow tree, up the tree as the page draws it: to the host, and from an
  // element a slot shows, to that slot — Calcite's combobox shows its items through a slot of
  // the pop-up its own shadow tree positions.)
  const positioned = (el) => ['absolute', 'fixed'].includes(getComputedStyle(el).position);
  const layerOf = (el) => {
    const flat = el.getRootNode() !== document;
    for (let at = el; at && at !== document.body; at = flat ? at.assignedSlot || upAcross(at) : at.parentElement) {
      if (positioned(at)) return at;
    }
    return null;
  };
  // The words a layer shows, each text once (its options, where they are drawn without roles).
  const wordsOf = (layer) => {
    const words = new Set();
    for (const [holder, text] of textsIn(layer)) {
      if (words.size >= 50) break;
      if (boxed(holder)) words.add(clean(text, 60));
    }
    return [...words];
  };
  // Whether `el` shows with a box of its own (a list box kept out of sight for screen readers
  // has none), drawn (a pop-up fading in from nothing is not yet).
  const boxed = (el) => takesRoom(el) && drawn(el);
  // The words `el` shows as the page draws it (through shadow trees and slots), those whose
  // element takes room: not words kept for screen readers in a box of a pixel or none.
  const shownText = (el) => clean([...shownTexts(el)].map((text) => text.data).join(' '));
  // The text nodes `el` shows as the page draws it (through shadow trees and slots), in order,
  // those with words whose element takes room.
  function* shownTexts(node) {
    const kids = node.tagName === 'SLOT' ? node.assignedNodes({ flatten: true }) : (node.shadowRoot || node).childNodes;
    for (const kid of kids) {
      if (kid.nodeType === Node.ELEMENT_NODE) yield* shownTexts(kid);
      else if (kid.nodeType === Node.TEXT_NODE && kid.parentElement && clean(kid.data) && takesRoom(kid.parentElement)) yield kid;
    }
  }
  // Whether `el` takes room on the page, seen or not (at opacity 0 too: Naive UI keeps a
  // menu that faded out so for a frame or two, then hides it).
  const takesRoom = (el) => { const r = el.getBoundingClientRect(); return r.width > 1 && r.height > 1 && isVisible(el); };
  const drawn = (el) => !el.checkVisibility || el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  function inspect(args, target) {
    const picked = pick(args, target);
    if (!picked.el) return picked;
    const el = picked.el;
    const role = roleOf(el);
    const attributes = {};
    for (const a of el.attributes) attributes[clean(a.name, 100)] = clean(a.value, 200);
    const s = getComputedStyle(el);
    return { uid: ref(el), tag: el.tagName.toLowerCase(), role: role ? shown(role) : role, name: role ? nameOf(el, role) : '',
      attributes, box: boxOf(el), visible: isVisible(el), enabled: !isDisabled(el), editable: el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName),
      states: statesOf(el, role, true), display: s.display, text: clean(el.innerText || '', 200) };
  }
  function find(args) {
    const wanted = clean(args.text || '').toLowerCase();
    const found = [];
    for (const el of deepQueryAll('*')) {
      const role = roleOf(el);
      if (!role || !isVisible(el)) continue;
      const name = nameOf(el, role);
      const words = name.toLowerCase();
      if (words.includes(wanted) || (el.value && String(el.value).toLowerCase().includes(wanted))) {
        // Ranked as `--text` picks, then in page order (inside a longer word, after).
        found.push({ el, role, name, rank: rankOf(words, wanted, el, role) + (holdsWords(words, wanted) ? 0 : 4) });
      }
    }
    // (A stable sort: page order within a rank.)
    const best = found.sort((a, b) => a.rank - b.rank).slice(0, args.limit || 20);
    return { matches: best.map((m) => ({ uid: ref(m.el), role: shown(m.role), name: m.name })) };
  }
  function targets() {
    const out = [];
    for (const el of document.querySelectorAll('a[href],button,input:not([type=hidden]),textarea,select,summary,[role],[onclick],[contenteditable=true],[tabindex],[draggable=true]')) {
      const role = roleOf(el);
      if (!role || !isActionable(el, role)) continue;
      const visible = isVisible(el);
      const selector = el.id ? '#' + CSS.escape(el.id) : el.tagName.toLowerCase() + (el.getAttribute('name') ? '[name="' + CSS.escape(el.getAttribute('name')) + '"]' : '');
      out.push({ uid: ref(el), role: shown(role), name: nameOf(el, role), bbox: boxOf(el), visible,
        enabled: !isDisabled(el), editable: ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName) || el.isContentEditable, selector: clean(selector, 200) });
    }
    return { targets: out };
  }
  // `page links`: the document's links in page order, then those of its open shadow roots
  // (as the snapshot shows them), each with its uid, name and URL.
  function links() {
    const out = [];
    for (const el of deepQueryAll('a[href],area[href]')) {
      const role = roleOf(el) || 'link';
      const visible = isVisible(el);
      // (A link not shown has no accessible name: its words stand in.)
      const link = { uid: ref(el), name: visible ? nameOf(el, role) : clean(el.textContent, 200), url: clean(el.href, 2000) };
      if (!visible) link.hidden = true;
      out.push(link);
    }
    return { links: out };
  }
  // `page forms`: each form with its fields (buttons included), then the inputs, selects and
  // text areas of no form; the document's, then its open shadow roots'. A field reads as the
  // snapshot shows it (role, name, value), with the name it is submitted under and its type.
  function forms() {
    const field = (el) => {
      const role = roleOf(el) || el.type || el.tagName.toLowerCase();
      const out = { uid: ref(el), role: shown(role), name: nameOf(el, role), field: clean(el.getAttribute('name') || el.id || '', 200), type: clean(el.type || el.tagName.toLowerCase(), 40) };
      const button = el.tagName === 'BUTTON' || ['submit', 'button', 'reset', 'image'].includes(el.type);
      const toggle = el.type === 'checkbox' || el.type === 'radio';
      if (toggle) out.checked = el.checked;
      // (A checkbox's or radio button's value only when it has one of its own.)
      if (!button && el.type !== 'file' && !(toggle && !el.hasAttribute('value'))) out.value = clean(toldValue(el), 500);
      if (el.required) out.required = true;
      if (isDisabled(el)) out.disabled = true;
      if (!isVisible(el)) out.hidden = true;
      return out;
    };
    const fillable = (el) => el.tagName === 'SELECT' || el.tagName === 'TEXTAREA' || (el.tagName === 'INPUT' && el.type !== 'hidden');
    const forms = deepQueryAll('form').map((form) => ({
      uid: ref(form),
      name: nameOf(form, 'form') || clean(form.id || form.getAttribute('name') || '', 200),
      method: form.method,
      action: clean(form.action, 2000),
      fields: [...form.elements].filter((el) => fillable(el) || el.tagName === 'BUTTON').map(field),
    }));
    const fields = deepQueryAll('input,select,textarea').filter((el) => !el.form && fillable(el)).map(field);
    return { forms, fields };
  }
  // `acting`: an action follows (see `observed`).
  function state(args) {
    // (The snapshot an action's changes are told against is the last one taken before it.)
    if (args && args.acting) { R.acting = Date.now(); R.settling = false; R.touched = new WeakSet(); R.baseAt = R.walkedAt; watchValidation(); watchScroll(); }
    const active = document.activeElement && document.activeElement !== document.body ? document.activeElement : null;
    // (A document still being built may have no root element yet.)
    const root = document.documentElement;
    return { url: location.href, title: clean(document.title), timeOrigin: performance.timeOrigin, viewport: { width: innerWidth, height: innerHeight, deviceScaleFactor: devicePixelRatio },
      scroll: { x: scrollX, y: scrollY, maxY: root ? Math.max(0, root.scrollHeight - innerHeight) : 0 },
      activeElement: active ? { uid: ref(active), element: describe(active) } : null, loading: document.readyState !== 'complete',
      readyState: document.readyState, msSinceMutation: Date.now() - R.lastMutation, mutations: R.mutations,
      // What is typed next goes to a field that offers suggestions (the feedback waits longer).
      focusSuggests: !!active && suggests(deepActive(document)),
      // What scrolled since the action began: `page`, or the element.
      scrolled: R.scrolled || null };
  }
  // Of the uids whose lines `changed` and of those `placed` (added, removed or moved), those
  // the page's own churn accounts for (see `observed`): an element that churns; one placed
  // there or taken away, itself or what holds it, by the page on its own since the snapshot
  // the changes are told against (a feed's item and its link; not an app the page drew long
  // before, whose menu a hover shows). (An element changed in place by the page once is not: a
  // checkbox an action checked changes no attribute.)
  function churning(args) {
    const now = Date.now();
    const element = (uid) => { const held = R.byUid.get(uid); return held && held.deref(); };
    const churned = (uid) => { const el = element(uid); return !!el && el.isConnected && !!churnOf(el, now); };
    const placedAlone = (uid) => {
      for (let node = element(uid); node; node = node.parentNode) if (R.alone.get(node) >= R.baseAt) return true;
      return false;
    };
    return { uids: [...(args.changed || []).filter(churned), ...(args.placed || []).filter((uid) => churned(uid) || placedAlone(uid))] };
  }
  function settle(args) {
    // Resolves when the DOM has been quiet for `quiet` ms and nothing is on its way (what an
    // animation ends in, a script often finishes: a row removed once it slid out), or after
    // `cap` ms. With `fromStart`, the quiet counts from now at the earliest (what typing
    // causes comes once it pauses, however quiet the page was before); with `atLeast`, it
    // resolves no sooner than that many ms from now (a debounce that fires as the quiet ends
    // would draw its "Loading…" just after the look). A churning node's
    // changes do not count (see `observed`); `churning` tells whether the page has one.
    // With `after`, first waits `wait` ms at most for a change past `after` mutations (what a
    // page timer draws after an action that changed nothing at once), its changes the action's;
    // a submission validation blocked ends that wait.
    const started = Date.now();
    R.settling = true;
    const late = args.after !== undefined;
    if (late) R.acting = started;
    return new Promise((resolve) => {
      // Past the cap, an animation still on its way is waited for (1 s more at most, inside the
      // feedback's 3 s): on a loaded machine a 600 ms fade may start late and end past a 1 s
      // cap, and its outcome (the dialog removed) is the action's. (Not by what it says it has
      // left: a fade whose frames are late says more than it takes once they come.)
      const done = (quiet) => {
        R.acting = 0;
        R.settling = false;
        resolve({ waitedMs: Date.now() - started, quietMs: quiet, mutations: R.mutations, churning: Date.now() - R.lastChurn < CHURN_MS });
      };
      const check = () => {
        if (late && R.mutations <= args.after && !(R.validation && R.validation.invalid.length)) {
          if (Date.now() - started < args.wait) setTimeout(check, 25);
          else done(Date.now() - started);
          return;
        }
        const quiet = Date.now() - (args.fromStart ? Math.max(R.lastMutation, started) : R.lastMutation);
        const left = underway();
        const early = args.atLeast !== undefined && Date.now() - started < args.atLeast;
        const waited = Date.now() - started;
        if ((quiet >= args.quiet && left === 0 && !early) || waited >= args.cap + (left ? 1000 : 0)) done(quiet);
        else setTimeout(check, Math.max(1, Math.min(25, early ? args.atLeast - (Date.now() - started) : args.quiet - quiet + 1)));
      };
      check();
    });
  }
  // An element's rendered text, then that of each open shadow root inside it, in page order of
  // their hosts (`innerText` stops at a shadow root: a page of web components read as empty).
  const deepText = (scope) => {
    let text = scope.innerText !== undefined ? scope.innerText : scope.textContent || '';
    const hosts = scope.shadowRoot ? [scope, ...shadowHosts(scope.shadowRoot)] : [];
    for (const host of [...hosts, ...shadowHosts(scope)]) {
      for (const child of host.shadowRoot.children) {
        if (child.checkVisibility && child.checkVisibility() && child.innerText) text += '\n' + child.innerText;
      }
    }
    return text;
  };
  function readText(args, target) {
    if (target || args.uid || args.selector) { const picked = pick(args, target); if (!picked.el) return picked; return { text: deepText(picked.el) }; }
    return { text: document.body ? deepText(document.body) : '' };
  }
  // The main content as Markdown: headings, paragraphs, lists, quotes, code, tables, images
  // with their alt text, and links as `[text](url "e12")` with their uids. Without an element:
  // the page's <main> (or role=main, else the first <article>, else the body less its nav,
  // header, footer and aside landmarks). Hidden and aria-hidden content is left out.
  function readMarkdown(args, target) {
    let root;
    if (target || args.uid || args.selector) { const picked = pick(args, target); if (!picked.el) return picked; root = picked.el; }
    else root = document.querySelector('main, [role=main]') || document.querySelector('article') || document.body;
    if (!root) return { markdown: '' };
    const wholeBody = root === document.body;
    const SKIP = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'HEAD', 'SVG', 'svg', 'CANVAS', 'IFRAME', 'SELECT', 'OPTION', 'BUTTON', 'INPUT', 'TEXTAREA']);
    const CHROME = new Set(['NAV', 'HEADER', 'FOOTER', 'ASIDE']);
    const BLOCK = /^(ADDRESS|ARTICLE|ASIDE|BLOCKQUOTE|DD|DETAILS|DIALOG|DIV|DL|DT|FIELDSET|FIGCAPTION|FIGURE|FOOTER|FORM|H[1-6]|HEADER|HR|LI|MAIN|NAV|OL|P|PRE|SECTION|SUMMARY|TABLE|UL)$/;
    // The page as rendered (its flat tree): a shadow host's shadow tree, a slot's assigned nodes
    // (or its fallback content), and both block when laid out as blocks (a slot has no box).
    const kids = (node) => {
      if (node.shadowRoot) return node.shadowRoot.childNodes;
      if (node.tagName === 'SLOT') { const assigned = node.assignedNodes(); return assigned.length ? assigned : node.childNodes; }
      return node.childNodes;
    };
    const isBlock = (el) => BLOCK.test(el.tagName) ||
      ((el.shadowRoot || el.tagName === 'SLOT') && !getComputedStyle(el).display.startsWith('inline'));
    const shown = (el) => el.getAttribute('aria-hidden') !== 'true' && !el.hidden && (el.tagName === 'SLOT' || A11Y.visible(el));
    const esc = (s) => s.replace(/([\\`*_\[\]])/g, '\\$1');
    // Page text never carries control characters (they delimit uid placeholders).
    const plain = (s) => String(s || '').replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, ' ');
    const inline = (node) => {
      if (node.nodeType === 3) return esc(plain(node.nodeValue).replace(/\s+/g, ' '));
      if (node.nodeType !== 1 || SKIP.has(node.tagName) || !shown(node)) return '';
      const inner = () => Array.from(kids(node)).map(inline).join('');
      switch (node.tagName) {
        case 'BR': return '\n';
        case 'IMG': { const alt = clean(node.getAttribute('alt') || '', 200); return alt ? '![' + esc(alt) + '](' + node.src + ')' : ''; }
        case 'CODE': case 'KBD': case 'SAMP': { const t = plain(node.textContent).replace(/\s+/g, ' '); return t ? '`' + t.replace(/`/g, "'") + '`' : ''; }
        case 'STRONG': case 'B': { const t = inner().trim(); return t ? '**' + t + '**' : ''; }
        case 'EM': case 'I': { const t = inner().trim(); return t ? '*' + t + '*' : ''; }
        case 'A': {
          const t = inner().replace(/\s+/g, ' ').trim() || esc(clean(A11Y.name(node, 'link'), 200));
          if (!node.hasAttribute('href')) return t;
          return t ? '[' + t + '](' + node.href + ' "' + ref(node) + '")' : '';
        }
        default: return inner();
      }
    };
    const text = (el) => inline(el).replace(/[ \t]+/g, ' ').replace(/ *\n */g, '\n').trim();
    const out = [];
    const para = (s) => { if (s) out.push(s, ''); };
    const table = (el) => {
      const rows = Array.from(el.rows || []).filter(shown).map((row) => Array.from(row.cells).map((c) => text(c).replace(/\n/g, ' ').replace(/\|/g, '\\|')));
      if (!rows.length) return;
      const width = Math.max(...rows.map((r) => r.length));
      const line = (cells) => '| ' + Array.from({ length: width }, (_, i) => cells[i] || '').join(' | ') + ' |';
      out.push(line(rows[0]), '|' + ' --- |'.repeat(width), ...rows.slice(1).map(line), '');
    };
    const list = (el, depth) => {
      let n = Number(el.getAttribute('start')) || 1;
      for (const item of el.children) {
        if (item.tagName !== 'LI' || !shown(item)) continue;
        const own = Array.from(kids(item)).filter((c) => !(c.nodeType === 1 && (c.tagName === 'UL' || c.tagName === 'OL')));
        const words = own.map(inline).join('').replace(/\s+/g, ' ').trim();
        out.push('  '.repeat(depth) + (el.tagName === 'OL' ? (n++) + '. ' : '- ') + words);
        for (const nested of item.children) if (nested.tagName === 'UL' || nested.tagName === 'OL') list(nested, depth + 1);
      }
      if (depth === 0) out.push('');
    };
    const block = (el) => {
      if (SKIP.has(el.tagName) || !shown(el)) return;
      if (wholeBody && CHROME.has(el.tagName) && el !== root) return;
      const tag = el.tagName;
      if (/^H[1-6]$/.test(tag)) return para('#'.repeat(+tag[1]) + ' ' + text(el).replace(/\n/g, ' '));
      if (tag === 'P') return para(text(el));
      if (tag === 'UL' || tag === 'OL') return list(el, 0);
      if (tag === 'PRE') return para('```\n' + plain(el.innerText).replace(/\n$/, '') + '\n```');
      if (tag === 'BLOCKQUOTE') return para(text(el).split('\n').map((l) => '> ' + l).join('\n'));
      if (tag === 'HR') return para('---');
      if (tag === 'TABLE') return table(el);
      // A closed <details> shows its summary; content-visibility:hidden (hidden=until-found)
      // shows nothing of its content, words directly inside it too.
      if (tag === 'DETAILS' && !el.open) {
        const summary = el.querySelector(':scope > summary');
        return summary ? para(text(summary)) : undefined;
      }
      if (el.tagName !== 'SLOT' && getComputedStyle(el).contentVisibility === 'hidden') return;
      // A container: its block children in order, runs of inline content as paragraphs.
      let run = '';
      for (const child of kids(el)) {
        if (child.nodeType === 1 && isBlock(child)) { para(run.replace(/\s+/g, ' ').trim()); run = ''; block(child); }
        else run += inline(child);
      }
      para(run.replace(/[ \t]+/g, ' ').replace(/ *\n */g, '\n').trim());
    };
    block(root);
    while (out.length && out[out.length - 1] === '') out.pop();
    return { markdown: out.join('\n') };
  }
  // Accessibility and SEO checks of this document (`cdt audit`): each finding names the rule,
  // the element's uid and a fix. Best practices (console, network) are the daemon's, from its
  // telemetry.
  function audit(args) {
    const findings = [];
    const want = (category) => !args.categories || !args.categories.length || args.categories.includes(category);
    const add = (category, rule, severity, el, message, fix) =>
      findings.push({ category, rule, severity, uid: el ? ref(el) : null, element: el ? describe(el) : null, message, fix });
    const all = Array.from(document.querySelectorAll('body *'));
    if (want('accessibility')) {
      let contrastChecked = 0;
      const seenIds = new Map();
      for (const el of all) {
        if (el.id) {
          if (seenIds.has(el.id)) add('accessibility', 'duplicate-id', 'error', el, 'id "' + clean(el.id, 60) + '" is used more than once', 'Give each element its own id (labels and aria-* references pick the first)');
          else seenIds.set(el.id, el);
        }
        if (!isVisible(el) || el.closest('[aria-hidden="true"]')) continue;
        const role = roleOf(el);
        if (role && isActionable(el, role) && role !== 'iframe' && !nameOf(el, role, 80)) {
          add('accessibility', 'control-name', 'error', el, 'this ' + shown(role) + ' has no accessible name', 'Name it: visible text, a <label for>, aria-label or aria-labelledby');
        }
        if (el.tagName === 'IMG' && !el.hasAttribute('alt') && !['presentation', 'none'].includes(el.getAttribute('role') || '')) {
          add('accessibility', 'image-alt', 'error', el, 'this image has no alt attribute', 'Add alt text that says what it shows (alt="" if it is decoration)');
        }
        if (contrastChecked < 1500 && Array.from(el.childNodes).some((n) => n.nodeType === 3 && n.nodeValue.trim())) {
          contrastChecked++;
          const ratio = contrastOf(el);
          if (ratio) {
            const cs = getComputedStyle(el);
            const size = parseFloat(cs.fontSize);
            const large = size >= 24 || (size >= 18.66 && Number(cs.fontWeight) >= 700);
            const needed = large ? 3 : 4.5;
            if (ratio.value < needed) {
              add('accessibility', 'contrast', 'warning', el, 'text contrast is ' + ratio.value.toFixed(2) + ':1 (' + ratio.colors + '), below ' + needed + ':1',
                'Darken the text or lighten its background to reach ' + needed + ':1 (WCAG AA' + (large ? ', large text' : '') + ')');
            }
          }
        }
      }
      const mains = document.querySelectorAll('main, [role=main]');
      if (!mains.length) add('accessibility', 'landmark-main', 'warning', null, 'the page has no main landmark', 'Wrap the main content in <main>');
      else if (mains.length > 1) add('accessibility', 'landmark-main', 'warning', mains[1], 'the page has ' + mains.length + ' main landmarks', 'Keep one <main>');
      const headings = all.filter((el) => isVisible(el) && roleOf(el) === 'heading');
      if (!headings.some((h) => A11Y.headingLevel(h) === 1)) add('accessibility', 'heading-h1', 'warning', null, 'the page has no level-1 heading', 'Give the page one <h1> that says what it is');
      let previous = 0;
      for (const h of headings) {
        const level = A11Y.headingLevel(h);
        if (previous && level > previous + 1) add('accessibility', 'heading-order', 'warning', h, 'heading level ' + level + ' follows level ' + previous, 'Use level ' + (previous + 1) + ' here (levels go down one at a time)');
        previous = level;
      }
    }
    if (want('seo')) {
      const meta = (name) => document.querySelector('meta[name="' + name + '" i]');
      if (!document.title.trim()) add('seo', 'title', 'error', null, 'the page has no title', 'Add a <title> that says what the page is');
      const description = meta('description');
      if (!description || !(description.getAttribute('content') || '').trim()) add('seo', 'meta-description', 'warning', null, 'the page has no meta description', 'Add <meta name="description" content="…"> (one or two sentences)');
      if (document.documentElement && !(document.documentElement.getAttribute('lang') || '').trim()) add('seo', 'html-lang', 'warning', null, 'the page does not say its language', 'Add a lang attribute to <html>, e.g. <html lang="en">');
      if (!document.querySelector('link[rel~="canonical" i]')) add('seo', 'canonical', 'info', null, 'the page has no canonical URL', 'Add <link rel="canonical" href="…"> if the page is reachable at several URLs');
      const robots = meta('robots');
      if (robots && /noindex/i.test(robots.getAttribute('content') || '')) add('seo', 'robots-noindex', 'warning', robots, 'the page asks not to be indexed (robots noindex)', 'Remove noindex if the page should be found');
    }
    return { findings, url: location.href, secure: location.protocol === 'https:' };
  }
  // The contrast of an element's text with what is behind it, when it can be told (solid
  // colours all the way down; a background image or a gradient makes it unknown).
  const parseColor = (text) => {
    const m = /rgba?\(([^)]+)\)/.exec(text || '');
    if (!m) return null;
    const p = m[1].split(/[\s,\/]+/).filter(Boolean).map(parseFloat);
    return { r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1 };
  };
  const over = (top, under) => ({ r: top.r * top.a + under.r * (1 - top.a), g: top.g * top.a + under.g * (1 - top.a), b: top.b * top.a + under.b * (1 - top.a), a: 1 });
  const luminance = (c) => {
    const [r, g, b] = [c.r, c.g, c.b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const hex = (c) => '#' + [c.r, c.g, c.b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('');
  function contrastOf(el) {
    const layers = [];
    for (let n = el; n && n.nodeType === 1; n = n.parentElement) {
      const cs = getComputedStyle(n);
      if (cs.backgroundImage && cs.backgroundImage !== 'none') return null;
      const bg = parseColor(cs.backgroundColor);
      if (bg && bg.a > 0) { layers.push(bg); if (bg.a >= 1) break; }
    }
    let background = { r: 255, g: 255, b: 255, a: 1 };
    for (const layer of layers.reverse()) background = over(layer, background);
    const fg = parseColor(getComputedStyle(el).color);
    if (!fg) return null;
    const text = over(fg, background);
    const [l1, l2] = [luminance(text), luminance(background)].sort((a, b) => b - a);
    return { value: (l1 + 0.05) / (l2 + 0.05), colors: hex(text) + ' on ' + hex(background) };
  }
  function readHtml(args, target) {
    if (target || args.uid || args.selector) { const picked = pick(args, target); if (!picked.el) return picked; return { html: picked.el.outerHTML }; }
    return { html: document.documentElement ? document.documentElement.outerHTML : '' };
  }
  function scrollIntoView(args, target) {
    const picked = pick(args, target);
    if (!picked.el) return picked;
    // `nearest`: by the least scroll that shows it (what is on screen stays there, if it can).
    const at = args.nearest ? 'nearest' : 'center';
    picked.el.scrollIntoView({ block: at, inline: at, behavior: 'instant' });
    return { uid: ref(picked.el), box: boxOf(picked.el), scroll: { x: scrollX, y: scrollY } };
  }
  function focus(args, target) {
    const picked = pick(args, target);
    if (!picked.el) return picked;
    const el = picked.el;
    el.focus();
    if (!hasFocus(el)) return { error: 'not-focusable', uid: ref(el), element: describe(el) };
    return { uid: ref(el), pageFocused: el.ownerDocument.hasFocus() };
  }
  // Answers once what the page queued before it ran, in the order it runs: its posted messages
  // (React schedules its renders so), the frame callbacks those asked for (zag moves the focus
  // so; a page out of sight draws no frames, and a busy host may be slow to: 250 ms at most),
  // then the messages and timers of no delay queued by then.
  function tick() {
    const message = () => new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve();
      channel.port2.postMessage(0);
    });
    const frame = () => new Promise((resolve) => {
      if (document.visibilityState !== 'visible') return resolve();
      requestAnimationFrame(() => resolve());
      setTimeout(resolve, 250);
    });
    return message().then(frame).then(message).then(() => new Promise((resolve) => setTimeout(() => resolve({}), 0)));
  }
  function typed(args, target) {
    const picked = pick(args, target);
    if (!picked.el) return picked;
    const el = picked.el;
    // (Where the focus went: another field, as a code's next box takes it, or not.)
    const now = el.ownerDocument.activeElement;
    const field = !!now && now !== el && (A11Y.isTextControl(now) || now.isContentEditable);
    // (In it, or beside it in what holds it: a drop-down's own search field.)
    const beside = field && (el.contains(now) || (!!el.parentElement && el.parentElement.contains(now)));
    // (A date field whose calendar opened as it was typed into: Vaadin's date picker.)
    const calendar = roleOf(el) === 'combobox' && el.getAttribute('aria-haspopup') === 'dialog' && el.getAttribute('aria-expanded') === 'true';
    // (Or one whose calendar pops up beside it with no word of ARIA's: jQuery UI's. Not in a
    // dialog, which the Escape that closes it may close too: Pikaday hears keys on the document.)
    const inDialog = !!el.closest('dialog, [role=dialog], [role=alertdialog], [aria-modal=true]');
    const calendarBeside = !calendar && !inDialog && hasFocus(el) && !!calendarBy(el);
    return { uid: ref(el), value: el.value, focused: hasFocus(el), toField: field, fieldBeside: beside, calendar, calendarBeside };
  }
  // The calendar a date field's page pops up right by it (jQuery UI's, bootstrap-datepicker's,
  // Pikaday's, flatpickr's at the end of the page; react-datepicker's beside the field, in a
  // `div` of its own): a layer drawn over the page (positioned absolutely or fixed) that shows,
  // lies against the field (above or below it, or over it), and shows the days of a month (28
  // numbers or more from 1 to 31).
  const calendarBy = (el) => {
    const days = (layer) => {
      const seen = new Set();
      for (const e of layer.querySelectorAll('td, [role=gridcell], button, a, span, div')) {
        if (e.childElementCount > 1) continue;
        const words = e.textContent.trim();
        if (/^\d{1,2}$/.test(words) && +words >= 1 && +words <= 31 && isVisible(e)) seen.add(+words);
      }
      return seen.size >= 28;
    };
    const near = [];
    for (let at = el, up = 0; at.parentElement && up < 4; at = at.parentElement, up++) near.push(...at.parentElement.children);
    // (Or drawn in one of them: react-datepicker's popper inside its tab loop.)
    const apart = [...el.ownerDocument.body.children, ...near].filter((e) => !e.contains(el) && isVisible(e));
    return [...apart, ...apart.filter((e) => !positioned(e)).flatMap((e) => [...e.children])]
      .find((layer) => isVisible(layer) && positioned(layer) && against(el, layer, 40, true) && days(layer)) || null;
  };
  function clear(args, target) {
    const picked = pick(args, target);
    if (!picked.el) return picked;
    const el = picked.el;
    if (el.isContentEditable) { el.innerHTML = ''; fire(el, 'input'); return { uid: ref(el) }; }
    if (!('value' in el)) return { error: 'not-fillable', uid: ref(el), element: describe(el) };
    el.focus();
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value');
    if (setter && setter.set) setter.set.call(el, ''); else el.value = '';
    fire(el, 'input'); fire(el, 'change');
    return { uid: ref(el) };
  }
  function waitCheck(args, target) {
    if (args.texts) {
      // The page's text, or only the element's the wait is scoped to (none yet: not there).
      let scope = document.body;
      if (args.rootUid) {
        if (!target || !target.isConnected) return { error: 'stale' };
        scope = target;
      } else if (args.rootSelector) {
        const found = query(args.rootSelector);
        if (found.error) return found;
        scope = found.el;
      }
      const body = scope ? deepText(scope) : '';
      const found = args.texts.find((t) => body.includes(t));
      return found === undefined ? { done: false } : { done: true, found };
    }
    if (args.selector) {
      const found = query(args.selector);
      if (found.error) return found;
      const el = found.el;
      const visible = !!el && isVisible(el) && el.getClientRects().length > 0;
      const done = args.state === 'attached' ? !!el : args.state === 'hidden' ? !visible
        : args.state === 'enabled' ? visible && !isDisabled(el) : visible;
      return { done, uid: el ? ref(el) : null };
    }
    return { done: true };
  }
  function box(args, target) {
    const p = pick(args, target);
    if (!p.el) return p;
    const b = boxOf(p.el); const st = getComputedStyle(p.el);
    return { uid: ref(p.el), box: b, content: { x: b.x + p.el.clientLeft + parseFloat(st.paddingLeft || 0), y: b.y + p.el.clientTop + parseFloat(st.paddingTop || 0) },
      fileInput: p.el.localName === 'input' && p.el.type === 'file' };
  }
  // The element a selector or text names, by uid (for a search across frames).
  function locate(args) {
    const picked = pick(args, null);
    return picked.el ? { uid: ref(picked.el), also: picked.also || 0 } : picked;
  }
  // The iframes of this document (the daemon names each one's frame).
  function frames() {
    return { frames: Array.from(document.querySelectorAll('iframe,frame')).map((el) => ({ uid: ref(el), depth: 0 })) };
  }
  // The walk of a snapshot in these options, kept for the next one, without its answer: run
  // after a navigation, so the agent's first snapshot of the document finds it warm.
  const prewalk = (args) => walkSnapshot(Object.assign({}, args, { prepare: true }), null);
  const commands = { frames, snapshot, prewalk, actionPoint, pointerArrived, prepareFill, inspect, find, targets, links, forms, state, settle, churning, readText, readMarkdown, readHtml, audit, scrollIntoView, focus, typed, tick, clear,
    waitCheck, box, locate, clickOutcome, blocked, pressed, option };

  const finish = (result) => {
    const gen = ++R.gen;
    const fresh = R.fresh;
    const sigs = R.freshSig;
    const adopted = R.adopted;
    R.fresh = []; R.freshIndex = new Map(); R.freshSig = []; R.adopted = []; R.pool = null;
    if (fresh.length) {
      R.gens.set(gen, { nodes: fresh, sigs });
      // Only the latest few reports wait to be read; an older one is just asked again.
      for (const old of R.gens.keys()) { if (R.gens.size <= 8) break; R.gens.delete(old); }
    }
    // A snapshot's lines go as one text beside the rest (JSON-encoded once on the way, not
    // twice: they are most of the answer).
    let lines = null;
    if (result && Array.isArray(result.lines)) {
      lines = result.lines.join('\n');
      result.lines = undefined;
    }
    return [JSON.stringify(result === undefined ? null : result), gen, R.nonce, fresh.length, adopted, lines];
  };
  // Reads the signatures of the uids learned last (a node left since keeps its subtree, so a
  // signature read after a re-render is still the one it had).
  function readSignatures() {
    if (R.sigTimer !== null) { clearTimeout(R.sigTimer); R.sigTimer = null; }
    const work = R.sigWork;
    R.sigWork = [];
    for (const [uid, signed] of work) R.sig.set(uid, signed());
  }
  function run(command, args, target) {
    if (!R.observer) watch();
    if (R.sigWork.length) readSignatures();
    R.fresh = []; R.freshIndex = new Map(); R.freshSig = []; R.adopted = []; R.pool = null; R.cursorScopes = new Map(); R.markScopes = new Map();
    args = args || {};
    // The daemon forgot the uids of an earlier document: so does this cache.
    if (args.epoch !== R.epoch) { R.cache = new WeakMap(); R.byUid = new Map(); R.sent = new Map(); R.sig = new Map(); R.epoch = args.epoch; }
    if (target && args.uid && target.isConnected) { R.cache.set(target, args.uid); R.byUid.set(args.uid, new WeakRef(target)); }
    const handler = commands[command];
    if (!handler) return finish({ error: 'unknown-command' });
    const result = handler(args, target || null);
    if (result && typeof result.then === 'function') return result.then(finish);
    return finish(result);
  }
  // The daemon's numbering of the nodes reported fresh by run number `gen`.
  function learn(gen, uids) {
    const report = R.gens.get(gen);
    R.gens.delete(gen);
    if (!report) return false;
    report.nodes.forEach((el, i) => {
      if (typeof uids[i] !== 'string') return;
      R.cache.set(el, uids[i]);
      R.byUid.set(uids[i], new WeakRef(el));
      if (report.sigs[i]) R.sigWork.push([uids[i], report.sigs[i]]);
    });
    if (R.sigWork.length && R.sigTimer === null) R.sigTimer = setTimeout(readSignatures, 0);
    // Signatures of uids whose node is long gone are dropped past a bound.
    if (R.sig.size > 20000) {
      for (const [uid] of R.sig) { if (!node(uid)) R.sig.delete(uid); }
    }
    return true;
  }
  // The node the daemon numbered `uid`, while it is in the document.
  function node(uid) {
    const held = R.byUid.get(uid);
    const el = held && held.deref();
    return el && el.isConnected ? el : null;
  }
  return { run, learn, node };
})
