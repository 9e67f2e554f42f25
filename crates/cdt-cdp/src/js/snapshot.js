// The snapshot walk of cdt's page probe (probe.js binds it as SNAPSHOT and passes its helpers
// `H`). One DOM walk of this frame's document: one line per node worth a line, indented by
// depth, in the format of docs/snapshot-format.md. Iframes are not entered: each frame has its
// own probe, and the daemon splices the frame's lines under its `iframe` line.
//
// Lean by design, without losing an actionable node: unnamed structural wrappers (lists, list
// items, articles, banners, groups, generic containers) fold away; a heading, list item or cell
// whose only content is one link or button of the same name folds into that control's line;
// adjacent inline text merges into one `text` line. Only actionable nodes, headings and
// landmarks carry uids (the daemon numbers them from the nodes reported through `H.ref`).
(function (H) {
  'use strict';
  // Roles that get a uid besides the actionable ones: what an agent may want to name as a
  // --root, screenshot or scroll target.
  const UID_ROLES = new Set(['heading', 'img', 'iframe', 'dialog', 'alertdialog', 'alert', 'main', 'navigation', 'form', 'search', 'region',
    'table', 'grid', 'tabpanel', 'menu', 'menubar', 'tablist', 'tree', 'radiogroup', 'complementary']);
  // Structure kept even when unnamed (alerts and status messages too: an agent must see that
  // the words under them are one); other unnamed non-actionable roles fold away.
  const KEEP_UNNAMED = new Set(['main', 'navigation', 'form', 'search', 'dialog', 'alertdialog', 'alert', 'status', 'table', 'grid', 'row', 'menu',
    'menubar', 'tablist', 'tree', 'radiogroup']);
  // Named containers whose name would only repeat a sole control's name.
  const FOLDS_INTO_CONTROL = new Set(['heading', 'listitem', 'cell', 'gridcell', 'columnheader', 'rowheader']);
  // Elements that start a new line of text (others are inline: their text joins the line).
  const BLOCK = new Set(['ADDRESS', 'ARTICLE', 'ASIDE', 'BLOCKQUOTE', 'BODY', 'BR', 'CAPTION', 'DD', 'DETAILS', 'DIALOG', 'DIV', 'DL',
    'DT', 'FIELDSET', 'FIGCAPTION', 'FIGURE', 'FOOTER', 'FORM', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'HEADER', 'HR', 'HTML', 'LEGEND',
    'LI', 'MAIN', 'NAV', 'OL', 'P', 'PRE', 'SECTION', 'SUMMARY', 'TABLE', 'TBODY', 'TD', 'TFOOT', 'TH', 'THEAD', 'TR', 'UL']);
  const SKIP = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'HEAD']);

  // The one link or button that is an element's whole content, if its name is `name`.
  const soleControl = (el, name) => {
    const inner = el.querySelectorAll('a[href],button,[role=link],[role=button]');
    if (inner.length !== 1) return null;
    const control = inner[0];
    const role = H.roleOf(control);
    if (role !== 'link' && role !== 'button') return null;
    return H.nameOf(control, role) === name ? control : null;
  };

  // Run-length compression: repeated identical sibling lines without uid and without children
  // (`text "★"`, an empty `cell`) become one line ending in `×N`. Lines with uids never merge.
  const compress = (lines) => {
    const out = [];
    const indent = (line) => line.length - line.trimStart().length;
    for (let i = 0; i < lines.length;) {
      const line = lines[i];
      const trimmed = line.trimStart();
      const leaf = (j) => j + 1 >= lines.length || indent(lines[j + 1]) <= indent(lines[j]);
      let n = 1;
      if (!/^(?:f\d+)?e\d+ /.test(trimmed) && !trimmed.startsWith('\u0001')) {
        while (i + n < lines.length && lines[i + n] === line && leaf(i + n - 1) && leaf(i + n)) n++;
      }
      out.push(n > 2 ? line + ' ×' + n : line);
      if (n === 2) out.push(line);
      i += n;
    }
    return out;
  };

  return function snapshot(args, target) {
    const lines = [];
    const nodes = [];
    const frames = [];
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
      try { start = document.querySelector(args.rootSelector); } catch (e) { return { error: 'invalid-selector', message: H.clean(e.message || e, 200) }; }
      if (!start) return { error: 'unknown', selector: args.rootSelector };
    }
    if (!start) return { lines, nodes, frames, url: location.href, title: H.clean(document.title), timeOrigin: performance.timeOrigin };
    // States a folded container hands to the control that replaces it (`heading=2`).
    const extra = new Map();
    let text = { depth: 0, parts: [] };
    const flush = () => {
      if (text.parts.length) {
        const words = H.clean(text.parts.join(''), maxText);
        if (words) lines.push('  '.repeat(text.depth) + 'text ' + H.quote(words));
      }
      text = { depth: 0, parts: [] };
    };
    const emit = (el, role, name, depth, withUid) => {
      flush();
      const uid = withUid ? H.ref(el) : null;
      const states = H.statesOf(el, role, args.verbose);
      const more = extra.get(el);
      if (more) states.push(more);
      const shown = H.shown(role);
      lines.push('  '.repeat(depth) + (uid ? uid + ' ' : '') + shown + (name ? ' ' + H.quote(name) : '') + (states.length ? ' ' + states.join(' ') : ''));
      if (uid) nodes.push([uid, shown, name]);
      return uid;
    };
    // `named`: an ancestor is named from its content (its words are not repeated as text);
    // `inAction`: inside an actionable element; `cursor`: the parent's cursor, when known.
    const walk = (el, depth, named, inAction, cursor) => {
      if (depth > maxDepth) return;
      if (el.nodeType === 3) {
        if (args.interactive || named) return;
        if (text.parts.length && text.depth !== depth) flush();
        text.depth = depth;
        text.parts.push(el.textContent);
        return;
      }
      if (el.nodeType !== 1) return;
      const tag = el.tagName;
      if (SKIP.has(tag)) return;
      if (el.getAttribute('aria-hidden') === 'true') return;
      const block = BLOCK.has(tag);
      if (block) flush();
      let role = inAction ? H.roleOf(el, 'pointer') : H.roleOf(el, cursor);
      if (tag !== 'OPTION' && !H.isVisible(el)) {
        // display:none hides the subtree; display:contents and visibility:hidden do not hide
        // children that are visible themselves: walk them, without a line for this element.
        if (getComputedStyle(el).display === 'none') return;
        role = null;
      }
      // A pointer cursor set on an element is inherited by its children: only the element
      // that sets it counts as clickable.
      const childCursor = role === H.CLICKABLE || (!inAction && cursor === 'pointer') ? 'pointer' : undefined;
      let childDepth = depth;
      // A label's words name its control; they are not repeated as text lines.
      let childNamed = named || tag === 'LABEL' || tag === 'LEGEND';
      let childInAction = inAction;
      if (role) {
        const actionable = H.isActionable(el, role);
        const candidate = args.verbose || actionable || role === 'heading' || !args.interactive;
        const name = candidate ? H.nameOf(el, role, maxName) : '';
        let keep;
        if (args.verbose) keep = true;
        else if (actionable) keep = !(role === 'option' && args.interactive && !el.selected);
        else if (args.interactive) keep = role === 'heading';
        else keep = !!name || KEEP_UNNAMED.has(role);
        if (keep && !args.verbose && !actionable && name && FOLDS_INTO_CONTROL.has(role)) {
          const control = soleControl(el, name);
          if (control) {
            keep = false;
            if (role === 'heading') extra.set(control, 'heading=' + (el.getAttribute('aria-level') || tag.slice(1)));
          }
        }
        if (keep) {
          const uid = emit(el, role, name, depth, args.verbose || actionable || UID_ROLES.has(role));
          childDepth = depth + 1;
          if (name && (H.fromContent(role) || role === H.CLICKABLE || el.isContentEditable)) childNamed = true;
          if (tag === 'IFRAME' || tag === 'FRAME') {
            frames.push({ uid: uid || H.ref(el), depth: childDepth });
            return;
          }
          if (tag === 'SELECT' && !args.verbose) return;
        }
        if (actionable) childInAction = true;
      }
      if (el.shadowRoot) for (const child of el.shadowRoot.childNodes) walk(child, childDepth, childNamed, childInAction, childCursor);
      for (const child of el.childNodes) walk(child, childDepth, childNamed, childInAction, childCursor);
      if (block) flush();
    };
    walk(start, 0, false, false, undefined);
    flush();
    return { lines: compress(lines), nodes, frames, url: location.href, title: H.clean(document.title), timeOrigin: performance.timeOrigin };
  };
})
