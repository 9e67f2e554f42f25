// cdt's accessibility model: the role and accessible name of an element as Chromium exposes
// them (W3C accname 1.2 and HTML-AAM, in Chromium's reading of them). Evaluated once to an
// object `{ role, name, visible, fromContent }` that the page probe (probe.js) uses. It reads the
// DOM and computed styles only: it never touches the uid registry and never acts on the page.
//
// role(el)  → the element's role (`button`, `link`, `textbox`, …), or null when the element has
//             no role of its own worth a line (generic containers, presentational images).
// name(el, role, shown) → the full accessible name, whitespace-normalized (never cut here). `role`
//             is what role() answered, or the probe's pseudo-role 'generic-clickable' (named from
//             content like a button); `shown` when the caller knows el is visible().
// visible(el) → whether the element is rendered and not visibility-hidden.
// fromContent(role) → whether that role is named from its content.
// anyRule(sheets, test, limit) → whether some rule of these style sheets may pass `test` (for scans that
//             skip a per-element style read when no sheet can matter).
//
// Costs: role() is called for every element of a snapshot, so it reads attributes and at most a
// few ancestors, never styles. name() walks the element's own subtree (at most ~100 nodes, like
// Chromium) and reads computed styles only there. Styles and roles are memoized until the
// current task ends (one snapshot), so a snapshot pays for each element once.
(function () {
  'use strict';

  // ---- per-run memo (cleared at the next microtask: one probe command) ----
  let memo = null;
  const cache = () => {
    if (!memo) {
      memo = { roles: new Map(), styles: new Map(), pseudoRules: new Map(), transformRules: new Map(), labels: new Map(), owners: new Map(),
        dataTables: new Map(), ariaDisabled: new Map() };
      Promise.resolve().then(() => { memo = null; });
    }
    return memo;
  };
  // `compute(key)`, kept in the run's memo `table` (answers may be false, never undefined).
  const memoized = (table, key, compute) => {
    const known = cache()[table];
    let value = known.get(key);
    if (value === undefined) {
      value = compute(key);
      known.set(key, value);
    }
    return value;
  };
  const styleOf = (el) => {
    const styles = cache().styles;
    let s = styles.get(el);
    if (!s) {
      const cs = getComputedStyle(el);
      s = { display: cs.display, visibility: cs.visibility, textTransform: cs.textTransform };
      styles.set(el, s);
    }
    return s;
  };
  const normalize = (s) => (s || '').replace(/\s+/g, ' ').trim();
  const attr = (el, name) => el.getAttribute(name);
  const nonBlank = (s) => s !== null && s !== undefined && /\S/.test(s);

  // ---- roles -------------------------------------------------------------------------------
  const ARIA_ROLES = new Set(('alert alertdialog application article banner blockquote button caption cell checkbox code ' +
    'columnheader combobox comment complementary contentinfo definition deletion dialog document emphasis feed figure ' +
    'form generic grid gridcell group heading img insertion link list listbox listitem log main mark marquee math menu ' +
    'menubar menuitem menuitemcheckbox menuitemradio meter navigation none note option paragraph progressbar radio ' +
    'radiogroup region row rowgroup rowheader scrollbar search searchbox sectionfooter sectionheader separator slider ' +
    'spinbutton status strong subscript suggestion superscript switch tab table tablist tabpanel term textbox time timer ' +
    'toolbar tooltip tree treegrid treeitem graphics-document graphics-object graphics-symbol doc-abstract ' +
    'doc-acknowledgments doc-afterword doc-appendix doc-backlink doc-biblioentry doc-bibliography doc-biblioref ' +
    'doc-chapter doc-colophon doc-conclusion doc-cover doc-credit doc-credits doc-dedication doc-endnote doc-endnotes ' +
    'doc-epigraph doc-epilogue doc-errata doc-example doc-footnote doc-foreword doc-glossary doc-glossref doc-index ' +
    'doc-introduction doc-noteref doc-notice doc-pagebreak doc-pagefooter doc-pageheader doc-pagelist doc-part ' +
    'doc-preface doc-prologue doc-pullquote doc-qna doc-subtitle doc-tip doc-toc').split(' '));
  const ROLE_SYNONYMS = { presentation: 'none', image: 'img', directory: 'list' };
  // ARIA attributes that keep an element in the tree although its role says presentational.
  const GLOBAL_ARIA = ['aria-label', 'aria-labelledby', 'aria-describedby', 'aria-details', 'aria-live', 'aria-owns',
    'aria-controls', 'aria-flowto', 'aria-keyshortcuts', 'aria-roledescription', 'aria-atomic', 'aria-busy',
    'aria-current', 'aria-dropeffect', 'aria-grabbed', 'aria-relevant', 'aria-errormessage', 'aria-invalid', 'aria-haspopup'];
  const FOCUSABLE_TAGS = new Set(['button', 'input', 'select', 'textarea', 'iframe', 'summary']);
  const focusable = (el) => el.hasAttribute('tabindex') ||
    (FOCUSABLE_TAGS.has(el.localName) && !el.disabled) ||
    ((el.localName === 'a' || el.localName === 'area') && el.hasAttribute('href')) ||
    el.isContentEditable;
  const explicitRole = (el) => {
    const value = attr(el, 'role');
    if (!value) return null;
    for (const token of value.toLowerCase().trim().split(/\s+/)) {
      const role = ROLE_SYNONYMS[token] || token;
      if (ARIA_ROLES.has(role)) return role;
    }
    return null;
  };
  // The element's parent in the flat tree (slot-aware), for context checks.
  const parentOf = (el) => el.assignedSlot || el.parentElement || (el.parentNode && el.parentNode.host) || null;
  // Whether an element sits in sectioning content (header/footer are then not page landmarks).
  const SECTIONING = new Set(['article', 'aside', 'main', 'nav', 'section']);
  const SECTIONING_ROLES = new Set(['article', 'complementary', 'main', 'navigation']);
  const inSectioning = (el, tags) => {
    for (let p = parentOf(el); p; p = parentOf(p)) {
      if (tags.has(p.localName)) return true;
      const r = explicitRole(p);
      if (r && SECTIONING_ROLES.has(r)) return true;
    }
    return false;
  };
  const ASIDE_SCOPES = new Set(['article', 'aside', 'nav', 'section']);
  const hasOwnName = (el) => nonBlank(attr(el, 'aria-label')) || nonBlank(attr(el, 'aria-labelledby')) || nonBlank(attr(el, 'title'));
  // Whether a table part's table (or a list item's list) is presentational: its parts inherit it.
  const presentationalContainer = (el, tags) => {
    for (let p = el.parentElement; p; p = p.parentElement) {
      if (tags.has(p.localName)) return roleOf(p) === null && explicitRole(p) === 'none';
    }
    return false;
  };
  const TABLE_TAGS = new Set(['table']);
  const LIST_TAGS = new Set(['ul', 'ol', 'menu']);
  // A cell is a cell only in a table, grid or treegrid (not in a table given another role).
  const TABLE_LIKE = new Set(['table', 'grid', 'treegrid']);
  // Whether a <table> holds data or only lays the page out, judged as Chromium judges it
  // (its `LayoutTable` parts: old pages nest tables for columns and menus; a snapshot shows
  // their contents without table, row and cell lines). Data: a role, editable, a summary,
  // caption, head, foot, rules or columns, 20 rows or more, a header cell or a cell with
  // headers/abbr/axis/scope, `empty-cells: hide`, half of its cells bordered (or with their
  // own background where cells are spaced), or striped rows. Layout: no rows, one cell, or
  // none of those signs. Judged once per table and run.
  const judgeTable = (table) => {
    if (!table.getClientRects().length) return true;
    if (table.hasAttribute('role') || table.isContentEditable) return true;
    if (nonBlank(attr(table, 'summary')) || table.tHead || table.tFoot || table.caption || nonBlank(attr(table, 'rules'))) return true;
    if (table.querySelector(':scope > col, :scope > colgroup')) return true;
    const rows = table.rows;
    if (rows.length >= 20) return true;
    if (!rows.length || (rows.length === 1 && rows[0].cells.length === 1)) return false;
    const own = getComputedStyle(table);
    const spaced = own.borderSpacing.split(' ').every((v) => parseFloat(v) > 0);
    const edges = ['Top', 'Bottom', 'Left', 'Right'];
    const sides = [0, 0, 0, 0];
    let cells = 0; let bordered = 0; let coloured = 0;
    const stripes = [];
    for (let r = 0; r < rows.length; r++) {
      for (const cell of rows[r].cells) {
        if (cell.localName === 'th') return true;
        if (['headers', 'abbr', 'axis', 'scope'].some((a) => nonBlank(attr(cell, a)))) return true;
        if (cell.offsetWidth < 1 || cell.offsetHeight < 1) continue;
        cells++;
        const cs = getComputedStyle(cell);
        if (cs.emptyCells === 'hide') return true;
        const has = edges.map((e) => parseFloat(cs['border' + e + 'Width']) > 0);
        has.forEach((on, i) => { if (on) sides[i]++; });
        if ((has[0] && has[1]) || (has[2] && has[3])) bordered++;
        const bg = cs.backgroundColor;
        if (spaced && bg !== own.backgroundColor && bg !== 'rgba(0, 0, 0, 0)' && bg !== 'transparent') coloured++;
        if (bordered >= 10 || coloured >= 10) return true;
        if (r < 5 && r === stripes.length) stripes.push(getComputedStyle(rows[r]).backgroundColor);
      }
    }
    if (cells <= 1) return false;
    const half = Math.floor(cells / 2);
    if (bordered >= half || sides.some((n) => n >= half) || coloured >= half) return true;
    // Striped rows: every other row in the first row's colour, the rows between in another.
    return stripes.length > 2 && stripes.every((colour, k) => (k % 2 === 0) === (colour === stripes[0]));
  };
  const isDataTable = (table) => memoized('dataTables', table, judgeTable);
  // Whether el (a table or a part of one) belongs to a <table> that only lays the page out
  // (Chromium's `LayoutTable`, `LayoutTableRow`, `LayoutTableCell`).
  const inLayoutTable = (el) => {
    const table = el.closest('table');
    return !!table && explicitRole(table) === null && !isDataTable(table);
  };
  const tableRole = (el) => {
    const table = el.closest('table');
    return table ? roleOf(table) : null;
  };
  const headerRole = (th) => {
    const scope = (attr(th, 'scope') || '').toLowerCase();
    if (scope === 'row' || scope === 'rowgroup') return 'rowheader';
    if (scope === 'col' || scope === 'colgroup') return 'columnheader';
    const row = th.parentElement;
    if (row && row.parentElement && row.parentElement.localName === 'thead') return 'columnheader';
    const cells = row ? Array.from(row.children).filter((c) => c.localName === 'td' || c.localName === 'th') : [];
    if (cells.length <= 1) return 'columnheader';
    const i = cells.indexOf(th);
    // A data cell holds something: text, or an element (an image link with no text counts).
    const isData = (c) => c && c.localName === 'td' && (c.firstElementChild !== null || /\S/.test(c.textContent));
    if (isData(cells[i - 1]) || isData(cells[i + 1])) return 'rowheader';
    if (isData(cells[0]) || isData(cells[cells.length - 1]) || isData(cells[1]) || isData(cells[cells.length - 2])) return 'rowheader';
    return 'columnheader';
  };
  const INPUT_ROLES = { checkbox: 'checkbox', radio: 'radio', button: 'button', submit: 'button', reset: 'button', image: 'button',
    file: 'button', color: 'button', range: 'slider', number: 'spinbutton', date: 'textbox', 'datetime-local': 'textbox',
    month: 'textbox', week: 'textbox', time: 'textbox' };
  const inputRole = (el) => {
    const type = (attr(el, 'type') || '').toLowerCase();
    if (type === 'hidden') return null;
    if (INPUT_ROLES[type]) return INPUT_ROLES[type];
    if (el.list && type !== 'password') return 'combobox';
    return type === 'search' ? 'searchbox' : 'textbox';
  };
  const STATIC_ROLES = { article: 'article', blockquote: 'blockquote', button: 'button', code: 'code', dd: 'definition',
    del: 'deletion', s: 'deletion', details: 'group', dfn: 'term', dialog: 'dialog', dt: 'term', em: 'emphasis',
    fieldset: 'group', figure: 'figure', form: 'form', h1: 'heading', h2: 'heading', h3: 'heading', h4: 'heading',
    h5: 'heading', h6: 'heading', hgroup: 'group', hr: 'separator', iframe: 'iframe', frame: 'iframe', ins: 'insertion',
    main: 'main', mark: 'mark', math: 'math', menu: 'list', meter: 'meter', nav: 'navigation', ol: 'list', optgroup: 'group',
    output: 'status', p: 'paragraph', progress: 'progressbar', search: 'search', strong: 'strong', sub: 'subscript',
    sup: 'superscript', canvas: 'canvas', textarea: 'textbox', time: 'time', ul: 'list', video: 'video', audio: 'audio', address: 'group' };
  const NATIVE_ROLES = {
    // Chromium: a link when it has an href or a mouse listener; a focusable one without an href
    // (FullCalendar's day numbers) has its listener added by script, out of the probe's sight.
    a: (el) => (el.hasAttribute('href') || el.hasAttribute('onclick') || el.hasAttribute('tabindex') ? 'link' : null),
    area: (el) => (el.hasAttribute('href') ? 'link' : null),
    aside: (el) => (!inSectioning(el, ASIDE_SCOPES) || hasOwnName(el) ? 'complementary' : null),
    header: (el) => (inSectioning(el, SECTIONING) ? 'sectionheader' : 'banner'),
    footer: (el) => (inSectioning(el, SECTIONING) ? 'sectionfooter' : 'contentinfo'),
    section: (el) => (hasOwnName(el) ? 'region' : null),
    img: (el) => (attr(el, 'alt') === '' && !nonBlank(attr(el, 'aria-label')) && !nonBlank(attr(el, 'aria-labelledby')) &&
      !el.hasAttribute('title') && !el.hasAttribute('tabindex') ? null : 'img'),
    input: inputRole,
    select: (el) => (el.multiple || el.size > 1 ? 'listbox' : 'combobox'),
    option: (el) => (el.parentElement && (el.parentElement.localName === 'select' || el.parentElement.localName === 'optgroup' ||
      el.parentElement.localName === 'datalist') ? 'option' : null),
    li: (el) => {
      // An item of a list that lost its list role (presentation, tablist, …) is not a list item.
      const list = el.parentElement;
      return list && LIST_TAGS.has(list.localName) && roleOf(list) !== 'list' ? null : 'listitem';
    },
    table: () => 'table',
    caption: () => 'caption',
    thead: (el) => (presentationalContainer(el, TABLE_TAGS) ? null : 'rowgroup'),
    // Chromium leaves a lone table body out of the tree; it shows one beside a footer or others.
    tbody: (el) => {
      const table = el.parentElement;
      if (!table || table.localName !== 'table' || presentationalContainer(el, TABLE_TAGS)) return null;
      return table.tFoot || table.tBodies.length > 1 ? 'rowgroup' : null;
    },
    tfoot: (el) => (presentationalContainer(el, TABLE_TAGS) ? null : 'rowgroup'),
    tr: (el) => (presentationalContainer(el, TABLE_TAGS) ? null : 'row'),
    td: (el) => {
      if (presentationalContainer(el, TABLE_TAGS)) return null;
      const t = tableRole(el);
      if (!TABLE_LIKE.has(t)) return null;
      return t === 'grid' || t === 'treegrid' ? 'gridcell' : 'cell';
    },
    th: (el) => (presentationalContainer(el, TABLE_TAGS) || !TABLE_LIKE.has(tableRole(el)) ? null : headerRole(el)),
    summary: (el) => {
      const details = el.parentElement;
      return details && details.localName === 'details' && details.querySelector(':scope > summary') === el ? 'button' : null;
    },
    // A named outer <svg> is an image unless it holds content of its own (text, links, named
    // parts): Chromium then exposes the drawing as a container.
    svg: (el) => {
      if (el.ownerSVGElement) return null;
      if (!el.querySelector(':scope > title, :scope > desc') && !hasOwnName(el)) return null;
      return el.querySelector(':scope > * title, text, a, [role], [aria-label]') ? null : 'img';
    },
    g: (el) => (el.querySelector(':scope > title') ? 'group' : null),
  };
  const SVG_SHAPES = new Set(['circle', 'ellipse', 'line', 'path', 'polygon', 'polyline', 'rect']);
  const nativeRole = (el) => {
    if (SVG_SHAPES.has(el.localName) && el.ownerSVGElement) {
      return el.querySelector(':scope > title') || hasOwnName(el) ? 'graphics-symbol' : null;
    }
    const name = el.localName;
    const fn = NATIVE_ROLES[name];
    if (fn) return fn(el);
    return STATIC_ROLES[name] || null;
  };
  // Roles that only exist inside their container; elsewhere Chromium exposes a generic node.
  const REQUIRED_CONTEXT = { option: ['listbox', 'combobox', 'group'], treeitem: ['tree', 'group'], listitem: ['list', 'group'] };
  const inContext = (el, wanted) => {
    for (let p = parentOf(el); p; p = parentOf(p)) {
      const r = roleOf(p);
      if (r === null) continue;
      return wanted.includes(r);
    }
    return false;
  };
  const computeRole = (el) => {
    let role = explicitRole(el);
    if (role === 'none') {
      if (el.localName === 'iframe') return 'iframe';
      if (focusable(el) || GLOBAL_ARIA.some((a) => el.hasAttribute(a))) role = null;
      else return null;
    }
    if (role === 'generic') return null;
    if ((role === 'region' || role === 'form') && !hasOwnName(el)) return null;
    if (role && REQUIRED_CONTEXT[role] && !inContext(el, REQUIRED_CONTEXT[role])) return null;
    return role || nativeRole(el) || internalsRole(el);
  };
  // A custom element's own role, which its script gives through ElementInternals and no
  // attribute tells (Fluent's `fluent-checkbox`, a `checkbox` in Chromium's tree): as Chromium
  // computes it, where it offers that (`computedRole`: cdt's launch turns it on; none in a
  // browser started without it). Only for a custom element without a `role` of its own.
  // (Asked of a custom element that takes the focus by its `tabindex`, as the controls of
  // such libraries do, or that takes clicks by its hand alone (`clickable`: Fluent's radio
  // group, which passes the focus to its radios), once per element: Chromium's answer costs
  // milliseconds, and keeps its accessibility tree up to date in that page from then on.)
  const ownRoles = new WeakMap();
  const internalsRole = (el, clickable) => {
    if (!el.localName.includes('-') || el.hasAttribute('role') || !(clickable || el.hasAttribute('tabindex'))) return null;
    if (ownRoles.has(el)) return ownRoles.get(el);
    const computed = el.computedRole;
    let role = typeof computed === 'string' && computed ? ROLE_SYNONYMS[computed] || computed : null;
    if (!ARIA_ROLES.has(role) || role === 'generic' || role === 'none') role = null;
    ownRoles.set(el, role);
    return role;
  };
  // A custom element's own state that its script sets through ElementInternals where no
  // attribute tells it: its custom state of that name (`:state(checked)`, Fluent's).
  const customState = (el, name) => {
    if (!el.localName.includes('-')) return false;
    try {
      return el.matches(':state(' + name + ')');
    } catch (e) {
      return false;
    }
  };
  // The role Chromium gives the element (null: generic, none or no role of its own). Memoized.
  function roleOf(el) {
    const roles = cache().roles;
    let role = roles.get(el);
    if (role === undefined) {
      role = computeRole(el);
      roles.set(el, role);
    }
    return role;
  }
  const presentational = (el) => {
    if (explicitRole(el) === 'none') return !focusable(el) && !GLOBAL_ARIA.some((a) => el.hasAttribute(a));
    return el.localName === 'img' && roleOf(el) === null;
  };

  // ---- name computation helpers -------------------------------------------------------------
  const TEXT_INPUTS = new Set(['text', 'search', 'email', 'tel', 'url', 'password', 'number']);
  const isTextControl = (el) => (el.localName === 'input' ? TEXT_INPUTS.has(el.type) : el.localName === 'textarea');
  const isTextField = (el, role) => isTextControl(el) || role === 'textbox' || role === 'searchbox';
  const RANGE_ROLES = new Set(['slider', 'spinbutton', 'progressbar', 'meter', 'scrollbar']);
  const CONTROL_ROLES = new Set(['button', 'checkbox', 'combobox', 'listbox', 'menu', 'menubar', 'menuitem', 'menuitemcheckbox',
    'menuitemradio', 'radio', 'scrollbar', 'searchbox', 'slider', 'spinbutton', 'switch', 'tab', 'textbox', 'tree', 'treegrid']);
  const FORM_CONTROLS = new Set(['input', 'select', 'textarea', 'button', 'fieldset', 'output']);
  const isControl = (el) => FORM_CONTROLS.has(el.localName) || CONTROL_ROLES.has(roleOf(el));
  // Roles named from their content (ARIA "name from: contents", as Chromium applies it).
  const CONTENT_ROLES = new Set(['button', 'cell', 'checkbox', 'columnheader', 'gridcell', 'heading', 'link', 'option', 'menuitem',
    'menuitemcheckbox', 'menuitemradio', 'radio', 'rowheader', 'switch', 'tab', 'treeitem', 'tooltip', 'term', 'math',
    'doc-backlink', 'doc-biblioref', 'doc-noteref', 'doc-glossref', 'generic-clickable', 'generic-droptarget']);
  // Roles that never contribute their content to an ancestor's name (containers, widgets).
  const NO_CONTENT_ROLES = new Set(['alert', 'alertdialog', 'application', 'article', 'banner', 'blockquote', 'combobox', 'comment',
    'complementary', 'contentinfo', 'dialog', 'document', 'feed', 'figure', 'form', 'graphics-document', 'graphics-object',
    'graphics-symbol', 'grid', 'group', 'iframe', 'img', 'listbox', 'log', 'main', 'marquee', 'menu', 'menubar', 'meter',
    'navigation', 'note', 'progressbar', 'radiogroup', 'scrollbar', 'search', 'searchbox', 'sectionfooter',
    'sectionheader', 'separator', 'slider', 'spinbutton', 'status', 'suggestion', 'tablist', 'tabpanel', 'textbox', 'timer',
    'toolbar', 'tree', 'treegrid', 'video', 'audio']);
  // Roles whose name may not come from the title attribute (ARIA: name prohibited).
  const NAME_PROHIBITED = new Set(['caption', 'code', 'deletion', 'emphasis', 'insertion', 'paragraph', 'strong',
    'subscript', 'superscript']);
  // Elements without an ARIA role that Chromium still gives a role of its own (not generic).
  const OWN_ROLE_TAGS = new Set(['label', 'abbr', 'object', 'embed', 'legend', 'figcaption', 'dl', 'ruby', 'svg', 'math',
    'video', 'audio']);
  const prohibited = (el, role) => (role === null ? !OWN_ROLE_TAGS.has(el.localName) && !el.isContentEditable : NAME_PROHIBITED.has(role));
  const inGrid = (el) => {
    for (let p = parentOf(el); p; p = parentOf(p)) {
      const r = roleOf(p);
      if (r === 'grid' || r === 'treegrid') return true;
      if (r !== null && r !== 'group' && r !== 'rowgroup') return false;
    }
    return false;
  };
  const oneTextChild = (el) => el.childNodes.length === 1 && el.firstChild.nodeType === 3;
  const optionLabel = (option) => normalize(nonBlank(attr(option, 'label')) ? attr(option, 'label') : option.textContent);
  const supportsContent = (el, role, recursive) => {
    if (el.localName === 'option' && role === 'option' && el.parentElement && el.closest('select')) return !oneTextChild(el);
    if (role === 'math' && el.localName === 'math') return recursive;
    if (CONTENT_ROLES.has(role)) return true;
    if (role === 'row') return recursive || inGrid(el);
    if (NO_CONTENT_ROLES.has(role)) return false;
    if (role === 'group' && el.localName === 'details') return recursive;
    if (role === 'table') return recursive;
    return recursive;
  };
  // Chromium's "IsVisible" for the target of an aria-labelledby relation.
  const hiddenRoot = (el) => {
    if (!el.isConnected) return true;
    if (el.checkVisibility && !el.checkVisibility({ visibilityProperty: true })) return true;
    return !!el.closest('[aria-hidden="true"]');
  };
  // The elements an ID-list attribute (aria-owns, aria-controls, …) points at, in el's tree scope.
  const related = (el, name) => {
    const ids = attr(el, name);
    if (!ids) return [];
    const scope = el.getRootNode();
    const found = [];
    for (const id of ids.trim().split(/\s+/)) {
      const target = id && (scope.getElementById ? scope.getElementById(id) : el.ownerDocument.getElementById(id));
      if (target) found.push(target);
    }
    return found;
  };
  const inert = (el) => {
    for (let p = el; p; p = parentOf(p)) if (p.hasAttribute('inert')) return true;
    return false;
  };
  // aria-owns as Chromium resolves it, per tree scope: target → owner. The first owner in tree
  // order wins; an aria-hidden owner, a target under an unrendered ancestor and an ownership
  // that would make a cycle are refused. (An unrendered owner still takes its targets away.)
  const ownersIn = (scope) => {
    const all = cache().owners;
    let owners = all.get(scope);
    if (owners) return owners;
    owners = new Map();
    all.set(scope, owners);
    if (!scope.querySelectorAll) return owners;
    for (const owner of scope.querySelectorAll('[aria-owns]')) {
      if (owner.closest('[aria-hidden="true"]')) continue;
      for (const target of related(owner, 'aria-owns')) {
        if (owners.has(target) || target.contains(owner)) continue;
        const parent = target.parentElement;
        if (parent && parent.checkVisibility && !parent.checkVisibility() && styleOf(parent).display !== 'contents') continue;
        let cycle = false;
        for (let p = owner; p; p = owners.get(p) || p.parentElement) if (p === target) { cycle = true; break; }
        if (!cycle) owners.set(target, owner);
      }
    }
    return owners;
  };

  // Whether any rule of these style sheets (or of the sheets they @import) passes `test`. A sheet
  // that cannot be read (cross-origin), or more rules than are worth scanning (`limit`), count as
  // a match: the caller then does the exact, slower check.
  const anyRule = (sheets, test, limit = 5000) => {
    let seen = 0;
    const scanRules = (rules) => {
      for (const rule of rules) {
        if (++seen > limit || test(rule)) return true;
        if (rule.styleSheet && scanSheet(rule.styleSheet)) return true;
        if (rule.cssRules && rule.cssRules.length && scanRules(rule.cssRules)) return true;
      }
      return false;
    };
    const scanSheet = (sheet) => {
      let rules;
      try { rules = sheet.cssRules; } catch (e) { return true; }
      return !rules || scanRules(rules);
    };
    for (const sheet of sheets) if (scanSheet(sheet)) return true;
    return false;
  };
  // CSS generated content (::before / ::after), only where some style sheet can make it.
  const sheetHasPseudo = (sheets) =>
    anyRule(sheets, (rule) => rule.selectorText !== undefined && /:(before|after)/i.test(rule.selectorText));
  // The <label>s of each labelable element in a tree scope, found once per run (el.labels walks
  // the whole scope on every call).
  const labelsOf = (el) => {
    const root = el.getRootNode();
    const maps = cache().labels;
    let map = maps.get(root);
    if (!map) {
      map = new Map();
      for (const label of (root.querySelectorAll ? root.querySelectorAll('label') : [])) {
        const control = label.control;
        if (!control) continue;
        const list = map.get(control);
        if (list) list.push(label); else map.set(control, [label]);
      }
      maps.set(root, map);
    }
    return map.get(el);
  };
  // The style sheets of a tree scope: its own and those it adopted.
  const sheetsOf = (root) => Array.from(root.styleSheets || []).concat(Array.from(root.adoptedStyleSheets || []));
  const scopeHasPseudo = (root) => memoized('pseudoRules', root, () => sheetHasPseudo(sheetsOf(root)));
  // The text of one `content` value: strings, attr(), quotes; counters and images give nothing;
  // `/ "alt"` replaces the whole. Returns { text, alt } or null when there is no generated box.
  const parseContent = (value, el) => {
    if (!value || value === 'none' || value === 'normal') return null;
    let i = 0; let text = ''; let alt = null; let target = 'text';
    const put = (s) => { if (target === 'text') text += s; else alt = (alt || '') + s; };
    while (i < value.length) {
      const c = value[i];
      if (c === '"' || c === "'") {
        let s = ''; i++;
        while (i < value.length && value[i] !== c) {
          if (value[i] === '\\') {
            const hex = /^[0-9a-fA-F]{1,6} ?/.exec(value.slice(i + 1, i + 8));
            if (hex) { s += String.fromCodePoint(parseInt(hex[0], 16)); i += 1 + hex[0].length; continue; }
            s += value[i + 1] || ''; i += 2; continue;
          }
          s += value[i++];
        }
        i++; put(s); continue;
      }
      if (c === '/') { target = 'alt'; alt = alt || ''; i++; continue; }
      const fn = /^([a-z-]+)\(/i.exec(value.slice(i));
      if (fn) {
        let depth = 0; let j = i + fn[0].length - 1;
        for (; j < value.length; j++) { if (value[j] === '(') depth++; else if (value[j] === ')' && --depth === 0) break; }
        const inner = value.slice(i + fn[0].length, j).trim();
        if (fn[1].toLowerCase() === 'attr') put(el.getAttribute(inner.split(/\s+/)[0]) || '');
        i = j + 1; continue;
      }
      const word = /^[a-z-]+/i.exec(value.slice(i));
      if (word) {
        if (word[0] === 'open-quote') put('\u201c');
        else if (word[0] === 'close-quote') put('\u201d');
        i += word[0].length; continue;
      }
      i++;
    }
    return alt !== null ? { text: alt, alt: true } : { text, alt: false };
  };
  const pseudoOf = (el, which, scope) => {
    if (el.localName !== 'q' && !scopeHasPseudo(scope)) return null;
    const cs = getComputedStyle(el, which);
    if (cs.display === 'none' || cs.visibility !== 'visible') return null;
    const parsed = parseContent(cs.content, el);
    if (!parsed) return null;
    return { text: parsed.text, from: parsed.alt ? 'other' : 'contents', kind: layoutKind(cs.display, false) };
  };

  // A video or audio that cannot play (no source, or an error), as Chromium judges it: named by
  // its error message, and disabled in its tree (not to actions: a click still reaches the page).
  const unplayable = (el) => (el.localName === 'video' || el.localName === 'audio') &&
    (!!el.error || el.networkState === HTMLMediaElement.NETWORK_EMPTY || el.networkState === HTMLMediaElement.NETWORK_NO_SOURCE);

  // Whether a style in the tree scope may set `text-transform` (a sheet's rule or an inline
  // style), answered once per scope and run: where none can, a text's name is its text.
  const scopeTransforms = (root) => memoized('transformRules', root, () =>
    (!!root.querySelector && !!root.querySelector('[style*="text-transform" i]')) ||
    anyRule(sheetsOf(root), (rule) => !!(rule.style && rule.style.textTransform)));

  // How a box sits in its line, for spacing: 'inline', 'atomic' (inline-block, replaced), 'block'
  // (anything starting its own block) or 'none' (no box: display: contents, or not rendered).
  const REPLACED = new Set(['img', 'input', 'select', 'textarea', 'button', 'video', 'audio', 'canvas', 'iframe', 'embed', 'object',
    'svg', 'meter', 'progress']);
  const layoutKind = (display, replaced) => {
    if (display === 'inline') return replaced ? 'atomic' : 'inline';
    if (display === 'contents' || display === 'none') return 'none';
    if (display.startsWith('inline')) return 'atomic';
    return 'block';
  };
  // Whether an element is laid out as a block of its own (floated and positioned boxes are
  // blocks too: their display is made one), as text lines are split.
  const blockBox = (el) => layoutKind(styleOf(el).display, false) === 'block';
  const needsSpace = (prevKind, prevControl, kind, control, lastFrom, from, blockBetween) => {
    if (prevKind !== 'inline' || kind !== 'inline') return true;
    if (lastFrom === 'other' || from === 'other') return true;
    return prevControl || control || blockBetween;
  };
  const unrendered = (node) => !!node && node.nodeType === 1 && styleOf(node).display === 'none';
  // Text as laid out: Chromium's names carry `text-transform` (a `copy` button styled in
  // capitals is named "COPY"). `capitalize` starts each word after white space.
  const transformed = (data, transform) => {
    if (transform === 'uppercase') return data.toUpperCase();
    if (transform === 'lowercase') return data.toLowerCase();
    if (transform === 'capitalize') return data.replace(/(^|\s)(\S)/g, (_, space, c) => space + c.toUpperCase());
    return data;
  };
  const SKIPPED = new Set(['script', 'style', 'template', 'noscript', 'head', 'link', 'meta']);
  const MAX_VISITED = 100;
  // HTML white space (what separates words for Chromium; a no-break space is content).
  const isSpace = (c) => c === 32 || c === 9 || c === 10 || c === 12 || c === 13;
  const LABELABLE = new Set(['button', 'input', 'meter', 'output', 'progress', 'select', 'textarea']);

  // One computation: the set of nodes visited (Chromium stops adding content past 100).
  class Computation {
    constructor() { this.visited = new Set(); }

    // Text from an element's children (accname step 2F), with Chromium's spacing between them.
    // `scope` is the tree scope (document or shadow root) whose style sheets may add ::before /
    // ::after; `self` says whether el's own visibility still needs checking.
    // Sets `this.edges` to how its text starts and ends (the kind of the first and last box that
    // gave text): an inline element whose text starts or ends in a block (an absolutely
    // positioned `#` link in a heading's span) is spaced from its neighbours as that block is.
    descendants(el, root, rootHidden, noLayout, scope, self) {
      let text = '';
      let prevKind = null; let prevControl = false; let lastFrom = 'none'; let blockBetween = false;
      let firstKind = null; let lastKind = null;
      const out = { from: 'none' };
      const take = (result, from, kind, control, trail = kind) => {
        if (result && prevKind !== null && text && !isSpace(text.charCodeAt(text.length - 1)) && !isSpace(result.charCodeAt(0)) &&
            needsSpace(prevKind, prevControl, kind, control, lastFrom, from, blockBetween)) text += ' ';
        if (result && firstKind === null) firstKind = kind;
        text += result;
        prevKind = trail; prevControl = control; blockBetween = false;
        if (result) { lastFrom = from; lastKind = trail; }
      };
      const transform = noLayout ? 'none' : styleOf(el).textTransform;
      const before = noLayout ? null : pseudoOf(el, '::before', scope);
      if (before) take(before.text, before.from, before.kind, false);
      const hiddenText = self && !noLayout && !rootHidden && styleOf(el).visibility !== 'visible';
      let children = el.childNodes; let childScope = scope;
      if (el.shadowRoot) { children = el.shadowRoot.childNodes; childScope = el.shadowRoot; }
      else if (el.localName === 'slot' && el.assignedNodes) {
        const assigned = el.assignedNodes();
        if (assigned.length) { children = assigned; childScope = assigned[0].getRootNode(); }
      }
      // aria-owns moves elements: owned ones come after the children, and leave their old place.
      const owners = ownersIn(scope);
      if (owners.size) {
        const owned = el.hasAttribute('aria-owns') ? related(el, 'aria-owns').filter((o) => owners.get(o) === el) : [];
        children = Array.from(children).filter((c) => !owners.has(c)).concat(owned);
      }
      for (let i = 0; i < children.length; i++) {
        const child = children[i];
        if (this.visited.size > MAX_VISITED) break;
        if (child.nodeType === 3) {
          if (hiddenText) continue;
          const data = child.data;
          // (An empty text node has no box, nor a place in Chromium's tree: Vue's fragment
          // anchors between a flex label's ::before and its text are no inline between them.)
          if (!data) continue;
          // Only ASCII white space collapses (a no-break space is content, as in layout).
          const blank = !/[^ \t\n\f\r]/.test(data);
          if (blank && !noLayout && (unrendered(child.previousSibling) || unrendered(child.nextSibling))) continue;
          this.visited.add(child);
          take(blank ? (data ? ' ' : '') : transform === 'none' ? data : transformed(data, transform), 'contents', noLayout ? 'none' : 'inline', false);
          continue;
        }
        if (child.nodeType !== 1) continue;
        const hidden = this.hidden(child, root, rootHidden, noLayout);
        if (hidden) {
          if (hidden === 'laid-out' && layoutKind(styleOf(child).display, false) === 'block') blockBetween = true;
          continue;
        }
        const childNoLayout = noLayout || (rootHidden && styleOf(child).display === 'none');
        let result;
        out.from = 'none';
        this.edges = null;
        if (child.localName === 'br') result = '\n';
        else if (child.localName === 'wbr') result = ' ';
        else if (presentational(child)) result = this.descendants(child, root, rootHidden, childNoLayout, childScope, true);
        else result = this.recursive(child, root, rootHidden, childNoLayout, out, childScope);
        const kind = childNoLayout ? 'none' : layoutKind(styleOf(child).display, REPLACED.has(child.localName));
        // An inline child's text takes the spacing of the boxes it starts and ends with.
        const edges = kind === 'inline' ? this.edges : null;
        const edge = (k) => (k === 'block' || k === 'atomic' ? k : kind);
        take(result, out.from, edges ? edge(edges.first) : kind, isControl(child), edges ? edge(edges.last) : kind);
      }
      const after = noLayout ? null : pseudoOf(el, '::after', scope);
      if (after) take(after.text, after.from, after.kind, false);
      this.edges = { first: firstKind, last: lastKind };
      return text;
    }

    // Whether a child is left out of its parent's text: false, or 'laid-out' / 'gone'.
    hidden(el, root, rootHidden, noLayout) {
      const tag = el.localName;
      if (SKIPPED.has(tag)) return 'gone';
      if ((tag === 'title' || tag === 'desc') && el.ownerSVGElement) return false;
      if (root && rootHidden) return false;
      if (noLayout) return false;
      if (attr(el, 'aria-hidden') === 'true') return 'laid-out';
      if (el.hasAttribute('inert')) return 'laid-out';
      const style = styleOf(el);
      if (style.display === 'none') return 'gone';
      if (style.visibility !== 'visible' && !el.shadowRoot && !this.hasVisibleChild(el)) return 'laid-out';
      return false;
    }

    hasVisibleChild(el) {
      for (const child of el.children) {
        if (styleOf(child).display !== 'none' && (styleOf(child).visibility === 'visible' || this.hasVisibleChild(child))) return true;
      }
      return false;
    }

    // RecursiveTextAlternative: a node already visited adds nothing (outside labelledby).
    recursive(el, root, rootHidden, noLayout, out, scope) {
      if (this.visited.has(el) && !root) return '';
      return this.alternative(el, true, root, rootHidden, noLayout, out, false, scope);
    }

    // A related element (label, legend, caption) named for another element: hidden → nothing.
    related(el) {
      if (this.hidden(el, null, false, false) || inert(el)) { this.visited.add(el); return ''; }
      return this.recursive(el, null, false, false, { from: 'none' });
    }

    // accname's text alternative of `el` (steps 2B–2I) as Chromium orders them.
    alternative(el, recursive, root, rootHidden, noLayout, out, clickable, scope) {
      const role = roleOf(el);
      // Chromium names a media element that cannot play by its error message, whatever else.
      if (unplayable(el)) {
        out.from = 'other';
        return 'Unable to play media.';
      }
      // A control referenced by aria-labelledby is named by its aria-label before its value.
      if (recursive && !this.visited.has(el) && !(root === el && nonBlank(attr(el, 'aria-label')))) {
        const value = this.value(el, role);
        if (value !== null) { out.from = 'other'; return value; }
      }
      const already = this.visited.has(el);
      this.visited.add(el);
      if (!root && !already) {
        const labelled = this.labelledBy(el);
        if (labelled !== null && nonBlank(labelled)) { out.from = 'other'; return labelled; }
      }
      const label = attr(el, 'aria-label');
      if (nonBlank(label) && el.localName !== 'slot') { out.from = 'other'; return label; }
      const native = this.native(el, role, noLayout);
      if (native.text) { out.from = native.from; return native.text; }
      if (native.final) return '';
      // An <input> has no content: its ::before/::after (a styled checkbox's '✔') never name
      // it, as in Chromium.
      const contentAllowed = (root || clickable || supportsContent(el, role, recursive)) && el.localName !== 'select' &&
        el.localName !== 'input' && !(isTextField(el, role) && root !== el);
      if (contentAllowed) {
        const text = this.descendants(el, root, rootHidden, noLayout, scope || el.getRootNode(), recursive);
        if (text && (recursive || /[^ \t\n\f\r]/.test(text))) { out.from = 'contents'; return text; }
      }
      if (root || clickable || !prohibited(el, role)) {
        const title = this.title(el);
        if (title) { out.from = 'other'; return title; }
      }
      return '';
    }

    title(el) {
      const title = attr(el, 'title');
      if (!nonBlank(title)) return '';
      const inner = el.innerText !== undefined ? el.innerText : el.textContent;
      return title.trim() === (inner || '').trim() ? '' : title;
    }

    labelledBy(el) {
      let ids = attr(el, 'aria-labelledby');
      if (ids === null) ids = attr(el, 'aria-labeledby');
      if (ids === null) return null;
      const scope = el.getRootNode();
      const find = (id) => (scope.getElementById ? scope.getElementById(id) : el.ownerDocument.getElementById(id));
      const parts = [];
      let found = false;
      for (const id of ids.trim().split(/\s+/)) {
        const target = id ? find(id) : null;
        if (!target || inert(target)) continue;
        found = true;
        const hidden = hiddenRoot(target);
        const noLayout = hidden && !(target.checkVisibility && target.checkVisibility());
        const text = this.alternative(target, true, target, hidden, noLayout, { from: 'none' });
        this.visited.add(target);
        if (text) parts.push(text);
      }
      return found ? parts.join(' ') : null;
    }

    // The value an embedded control contributes to a name around it (step 2E), or null.
    value(el, role) {
      const tag = el.localName;
      if (isTextControl(el)) return el.value || attr(el, 'placeholder') || '';
      if ((role === 'textbox' || role === 'searchbox') && tag !== 'input') return el.isContentEditable ? el.innerText : el.textContent;
      if (RANGE_ROLES.has(role)) {
        const value = rangeValue(el, role);
        if (value !== null) return value;
      }
      if (tag === 'select' && (role === 'combobox' || role === 'listbox')) {
        const chosen = Array.from(el.selectedOptions).filter((o) => !this.visited.has(o));
        chosen.forEach((o) => this.visited.add(o));
        return chosen.map(optionLabel).join(' ');
      }
      if (role === 'listbox' || role === 'combobox') {
        const scopes = [el].concat(related(el, 'aria-owns'), related(el, 'aria-controls'));
        const chosen = [];
        for (const scope of scopes) {
          for (const option of scope.querySelectorAll('[role="option"][aria-selected="true"]')) {
            if (!this.visited.has(option) && !chosen.includes(option)) chosen.push(option);
          }
        }
        return chosen.map((o) => { this.visited.add(o); return normalize(this.alternative(o, true, null, false, false, { from: 'none' })); }).join(' ');
      }
      return null;
    }

    // HTML-AAM's native sources (step 2D). { text, from, final }: final = stop (explicitly empty).
    native(el, role, noLayout) {
      const tag = el.localName;
      const none = { text: '', from: 'none', final: false };
      if (tag === 'option' && oneTextChild(el)) return { text: optionLabel(el), from: 'contents' };
      if (tag === 'optgroup') return { text: attr(el, 'label') || '', from: 'other' };
      const labels = LABELABLE.has(tag) || tag.includes('-') ? labelsOf(el) : null;
      if (labels) {
        const text = labels.map((label) => this.related(label)).filter((t) => t).join(' ');
        return { text: text.trim(), from: 'other' };
      }
      if (tag === 'input') {
        const type = (attr(el, 'type') || '').toLowerCase();
        if (type === 'submit' || type === 'reset' || type === 'button') {
          if (el.hasAttribute('value')) return { text: attr(el, 'value'), from: 'other' };
          return { text: type === 'submit' ? 'Submit' : type === 'reset' ? 'Reset' : '', from: 'other' };
        }
        if (type === 'image') {
          if (nonBlank(attr(el, 'alt'))) return { text: attr(el, 'alt'), from: 'other' };
          if (el.hasAttribute('value')) return { text: attr(el, 'value'), from: 'other' };
          return { text: this.title(el) || 'Submit', from: 'other' };
        }
        if (type === 'file') return { text: el.multiple ? 'Choose Files' : 'Choose File', from: 'other' };
      }
      if (isTextControl(el)) {
        const title = this.title(el);
        if (title) return { text: title, from: 'other' };
        const placeholder = attr(el, 'placeholder');
        if (nonBlank(placeholder)) return { text: placeholder.replace(/[\r\n]/g, ''), from: 'other' };
      }
      if (isTextField(el, role)) {
        const placeholder = attr(el, 'aria-placeholder');
        return placeholder ? { text: placeholder, from: 'other' } : none;
      }
      if (tag === 'img' || tag === 'area') {
        const alt = attr(el, 'alt');
        if (nonBlank(alt)) return { text: alt, from: 'other' };
        return alt === '' ? { text: '', from: 'none', final: true } : none;
      }
      if (tag === 'table') {
        const caption = el.caption;
        if (caption) return { text: this.related(caption), from: 'other' };
        const summary = attr(el, 'summary');
        if (summary !== null) return { text: summary, from: 'other' };
        return none;
      }
      if (el.namespaceURI === 'http://www.w3.org/2000/svg') {
        const title = el.querySelector(':scope > title');
        if (title && title.textContent) return { text: title.textContent, from: 'other' };
        return none;
      }
      if (tag === 'fieldset') {
        const legend = el.querySelector(':scope > legend');
        if (legend && !this.visited.has(legend)) {
          const text = this.related(legend);
          if (text) return { text, from: 'other' };
        }
      }
      return none;
    }
  }

  const role = (el) => {
    const r = roleOf(el);
    if (r) return r;
    // An editing host without a role is a generic node to Chromium, but it takes typing: the
    // agent needs a line for it.
    if (el.isContentEditable && (!el.parentElement || !el.parentElement.isContentEditable)) return 'textbox';
    return null;
  };
  // Shapes that make most of a large page, named without the whole computation (each gives
  // what the computation gives; the cases it leaves are computed in full):
  // - structure that no attribute names, whose markup names nothing and whose role takes no
  //   name from its content (a listing's list items, articles, paragraphs): nameless;
  // - an element with a non-blank aria-label and no aria-labelledby (a listing's icon buttons):
  //   that label (step 2C, which nothing before it can take over at the top of a computation);
  // - a link, button, heading or table cell whose only child is its text, or an inline element
  //   that holds only its text (a heading's link), in a tree scope where no style sheet makes
  //   ::before/::after content and nothing is aria-owned: that text.
  const PLAIN_TAGS = new Set(['li', 'ul', 'ol', 'dl', 'article', 'section', 'p', 'nav', 'header', 'footer', 'main', 'aside', 'div',
    'span', 'form', 'blockquote', 'address', 'hgroup', 'search', 'tr', 'thead', 'tbody', 'tfoot']);
  const PLAIN_ROLES = new Set(['listitem', 'list', 'article', 'paragraph', 'region', 'navigation', 'banner', 'contentinfo', 'main',
    'complementary', 'form', 'search', 'generic', 'blockquote', 'group', 'sectionheader', 'sectionfooter', 'row', 'rowgroup']);
  const TEXT_NAMED = new Set(['a', 'button', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'td', 'th']);
  const TEXT_ROLES = new Set(['link', 'button', 'heading', 'cell', 'gridcell', 'columnheader', 'rowheader']);
  // Inline elements that hold text and nothing of a name of their own (no label can name them).
  const TEXT_HOLDERS = new Set(['a', 'span', 'b', 'i', 'em', 'strong', 'small', 'code']);
  const HTML_NS = 'http://www.w3.org/1999/xhtml';
  // (Attribute presence only: the long way decides what a blank value means.)
  const namingAttribute = (el) => el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby') || el.hasAttribute('aria-labeledby') ||
    el.hasAttribute('title');
  const ARIA_LABEL_OFF = new Set(['video', 'audio', 'input', 'slot']);
  const VISIBLE = { visibilityProperty: true };
  // The text node that is all of `el`'s content, through at most one inline holder of it.
  const soleText = (el) => {
    const node = el.firstChild;
    if (!node || node !== el.lastChild || el.shadowRoot) return null;
    if (node.nodeType === 1) {
      const inner = node.firstChild;
      if (!TEXT_HOLDERS.has(node.localName) || node.namespaceURI !== HTML_NS || !inner || inner !== node.lastChild ||
        inner.nodeType !== 3 || node.shadowRoot || namingAttribute(node) || node.hasAttribute('role') ||
        node.hasAttribute('aria-hidden') || node.hasAttribute('inert') || node.hasAttribute('aria-owns') ||
        !node.checkVisibility(VISIBLE)) return null;
      return inner;
    }
    return node.nodeType === 3 ? node : null;
  };
  const shortcut = (el, given) => {
    if (el.namespaceURI !== HTML_NS) return null;
    const tag = el.localName;
    if (namingAttribute(el)) {
      if (el.hasAttribute('aria-labelledby') || el.hasAttribute('aria-labeledby') || ARIA_LABEL_OFF.has(tag)) return null;
      const label = el.getAttribute('aria-label');
      return nonBlank(label) ? normalize(label) : null;
    }
    if (PLAIN_TAGS.has(tag)) {
      const r = roleOf(el);
      return given === r && PLAIN_ROLES.has(r) && !supportsContent(el, r, false) ? '' : null;
    }
    if (!TEXT_NAMED.has(tag)) return null;
    const r = roleOf(el);
    if (given !== r || !TEXT_ROLES.has(r)) return null;
    if (tag === 'button' && labelsOf(el)) return null;
    const text = soleText(el);
    if (!text) return null;
    const scope = el.getRootNode();
    if (scopeHasPseudo(scope) || ownersIn(scope).size) return null;
    if (!/[^ \t\n\f\r]/.test(text.data)) return '';
    return scopeTransforms(scope) ? normalize(transformed(text.data, styleOf(text.parentNode).textTransform)) : normalize(text.data);
  };
  const name = (el, given, shown) => {
    if (!el || el.nodeType !== 1) return '';
    // An element that is not rendered (under display: none) has no name of its own, as in
    // Chromium (options and image-map areas have no box of their own yet are named); a label
    // or aria-labelledby target is named through the computation instead.
    if (!shown && el.checkVisibility && !el.checkVisibility() && !el.closest('select, datalist, map')) return '';
    const quick = shortcut(el, given);
    if (quick !== null) return quick;
    const computation = new Computation();
    let text = computation.alternative(el, false, null, false, false, { from: 'none' }, given === 'generic-clickable' || given === 'generic-droptarget');
    if (el.localName === 'input' && (attr(el, 'type') || '').toLowerCase() === 'file' && el.files && el.files.length) {
      text += ': ' + (el.files.length === 1 ? el.files[0].name : el.files.length + ' files');
    }
    return normalize(text);
  };
  const visible = (el) => {
    if (el.checkVisibility) return el.checkVisibility(VISIBLE);
    const s = getComputedStyle(el);
    return s.display !== 'none' && s.visibility !== 'hidden';
  };
  // Whether a role takes its name from its content (its text is then not repeated below it).
  const FROM_CONTENT = new Set(['button', 'cell', 'checkbox', 'columnheader', 'gridcell', 'heading', 'link', 'option', 'menuitem',
    'menuitemcheckbox', 'menuitemradio', 'radio', 'row', 'rowheader', 'switch', 'tab', 'treeitem', 'tooltip', 'term',
    'generic-clickable', 'generic-droptarget']);
  const fromContent = (r) => FROM_CONTENT.has(r);
  // A heading's level as Chromium gives it: an aria-level wins (1 when it is not a positive
  // number), else h1–h6's digit, else 2 (a `role=heading` div has no digit in its tag name).
  const headingLevel = (el) => {
    const attr = el.getAttribute('aria-level');
    if (attr !== null && attr.trim() !== '') {
      const aria = parseInt(attr, 10);
      return aria > 0 ? aria : 1;
    }
    const digit = /^H([1-6])$/.exec(el.tagName);
    return digit ? +digit[1] : 2;
  };
  // ---- states, as Chromium's tree gives them (its inspector's rules: which roles may say
  // which state; ARIA values compared without case) ----
  const ariaIs = (el, attribute, value) => {
    const v = el.getAttribute(attribute);
    return v !== null && v.toLowerCase() === value;
  };
  const ARIA_DISABLED = '[aria-disabled="true" i]';
  const anyAriaDisabled = (root) => memoized('ariaDisabled', root, () => !!root.querySelector(ARIA_DISABLED));
  // Inside an `aria-disabled` element, across shadow hosts (a focusable element there is
  // disabled too, as CORE-AAM says and Chromium does).
  const underAriaDisabled = (el) => {
    for (let node = el, own = false; node; own = true) {
      const root = node.getRootNode();
      const from = own ? node : node.parentElement;
      if (from && anyAriaDisabled(root) && from.closest(ARIA_DISABLED)) return true;
      node = root.host || null;
    }
    return false;
  };
  // Disabled: its own `disabled` (a fieldset's says nothing of the fieldset itself), a disabled
  // fieldset around a form control, `aria-disabled`, or focusable inside an `aria-disabled`
  // element.
  const disabled = (el) => (el.disabled !== undefined && el.tagName !== 'FIELDSET' && (el.disabled === true || el.matches(':disabled'))) ||
    ariaIs(el, 'aria-disabled', 'true') || (underAriaDisabled(el) && (el.tabIndex >= 0 || el.hasAttribute('tabindex')));
  const CURRENT_TOKENS = new Set(['page', 'step', 'location', 'date', 'time']);
  const CHECKABLE = new Set(['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio', 'option', 'treeitem']);
  const MIXABLE = new Set(['checkbox', 'menuitemcheckbox', 'treeitem']);
  const EXPANDABLE = new Set(['application', 'button', 'checkbox', 'columnheader', 'combobox', 'gridcell', 'link', 'menuitem',
    'menuitemcheckbox', 'menuitemradio', 'row', 'rowheader', 'switch', 'tab', 'treeitem']);
  // Selectable: these always; a cell, header or row in a grid, or in a table when its role is
  // its author's (a plain table's own cells are not).
  const SELECTABLE = new Set(['gridcell', 'option', 'tab', 'treeitem']);
  const SELECTABLE_IN_GRID = new Set(['cell', 'columnheader', 'rowheader', 'row']);
  const REQUIRABLE = new Set(['columnheader', 'combobox', 'gridcell', 'listbox', 'radiogroup', 'rowheader', 'searchbox', 'spinbutton', 'textbox',
    'tree']);
  const READONLY_ROLES = new Set(['columnheader', 'grid', 'gridcell', 'rowheader', 'searchbox', 'textbox', 'treegrid']);
  // Date and time fields, and a drop-down <select>, are no text field or combobox to Chromium's
  // required state.
  const NOT_REQUIRABLE_INPUTS = new Set(['date', 'datetime-local', 'time', 'month', 'week']);
  // The nearest table, grid or treegrid around a cell, header or row, and its role (none: null).
  const tableAround = (el) => {
    for (let p = parentOf(el); p; p = parentOf(p)) {
      const role = roleOf(p);
      if (role === 'grid' || role === 'treegrid' || role === 'table') return { table: p, role };
    }
    return null;
  };
  const isGrid = (around) => !!around && (around.role === 'grid' || around.role === 'treegrid');
  const selectableInTable = (el) => {
    const around = tableAround(el);
    return isGrid(around) || (around !== null && el.hasAttribute('role'));
  };
  // `word` when `attribute` is true, `word=mixed` when it is mixed and `mixes`.
  // (A custom element that says it by neither: its custom state, `:state(checked)`.)
  const tristate = (el, attribute, word, mixes, out) => {
    const v = (el.getAttribute(attribute) || '').toLowerCase();
    if (v === 'true') out.push(word);
    else if (v === 'mixed' && mixes) out.push(word + '=mixed');
    else if (!v && customState(el, word)) out.push(mixes && customState(el, 'indeterminate') ? word + '=mixed' : word);
  };
  // The states the snapshot's line shows, in its words and order, each only when it holds:
  // disabled, checked (`checked=mixed`), pressed (`pressed=mixed`), expanded, selected,
  // current (`current=page`…), required, readonly.
  const states = (el, role) => {
    const out = [];
    if (disabled(el) || unplayable(el) || customState(el, 'disabled')) out.push('disabled');
    if (CHECKABLE.has(role)) {
      if (el.localName === 'input' && (el.type === 'checkbox' || el.type === 'radio')) {
        if (el.type === 'checkbox' && el.indeterminate) out.push('checked=mixed');
        else if (el.checked) out.push('checked');
      } else tristate(el, 'aria-checked', 'checked', MIXABLE.has(role), out);
    }
    if (role === 'button') tristate(el, 'aria-pressed', 'pressed', true, out);
    if ((EXPANDABLE.has(role) && (ariaIs(el, 'aria-expanded', 'true') || (!el.hasAttribute('aria-expanded') && customState(el, 'expanded')))) ||
      // A <details>' summary is its disclosure button: expanded while it is open.
      (el.tagName === 'SUMMARY' && el.parentElement && el.parentElement.tagName === 'DETAILS' && el.parentElement.open &&
        el.parentElement.querySelector(':scope > summary') === el)) out.push('expanded');
    if (role === 'option' && el.localName === 'option' ? el.selected
      : ariaIs(el, 'aria-selected', 'true') && (SELECTABLE.has(role) || (SELECTABLE_IN_GRID.has(role) && selectableInTable(el)))) {
      out.push('selected');
    }
    // The current item of a set (a page in a navigation, a step, a carousel's bullet):
    // `current`, or `current=page|step|location|date|time`.
    const current = el.getAttribute('aria-current');
    if (current !== null) {
      const token = current.trim().toLowerCase();
      if (token && token !== 'false') out.push(CURRENT_TOKENS.has(token) ? 'current=' + token : 'current');
    }
    if (REQUIRABLE.has(role) && !(el.localName === 'select' && role === 'combobox') &&
      !(el.localName === 'input' && NOT_REQUIRABLE_INPUTS.has(el.type)) && (el.required || ariaIs(el, 'aria-required', 'true'))) {
      out.push('required');
    }
    if (READONLY_ROLES.has(role) && readonly(el, role)) out.push('readonly');
    return out;
  };
  // A range widget's value (a slider, spin button, progress bar, meter or scroll bar), as the
  // tree gives it: `aria-valuetext`, else `aria-valuenow` as a number, else a native control's
  // own value; null for none or another role.
  const rangeValue = (el, role) => {
    if (!RANGE_ROLES.has(role)) return null;
    const text = attr(el, 'aria-valuetext');
    if (text !== null) return text;
    const now = attr(el, 'aria-valuenow');
    if (now !== null && now.trim() !== '' && !isNaN(Number(now))) return String(Number(now));
    const tag = el.localName;
    if (tag === 'input' || tag === 'meter') return String(Number(el.value));
    if (tag === 'progress' && el.hasAttribute('value')) return String(Number(el.value));
    return null;
  };
  // Read-only: its own `readonly` or `aria-readonly`; a grid's cell or header as its grid says
  // unless it says otherwise.
  const readonly = (el, role) => {
    if (el.readOnly || ariaIs(el, 'aria-readonly', 'true')) return true;
    if (role !== 'gridcell' && role !== 'columnheader' && role !== 'rowheader') return false;
    if (el.hasAttribute('aria-readonly')) return false;
    const around = tableAround(el);
    return isGrid(around) && ariaIs(around.table, 'aria-readonly', 'true');
  };
  // A text node as laid out, its words in the case `text-transform` shows them (for text lines,
  // where `scopeTransforms` says a style of its tree scope may set one).
  const laidOut = (text) => {
    let parent = text.parentNode;
    if (parent && parent.nodeType === 11) parent = parent.host;
    return parent && parent.nodeType === 1 ? transformed(text.data, styleOf(parent).textTransform) : text.data;
  };
  return { role, internalsRole, name, visible, fromContent, headingLevel, states, disabled, customState, rangeValue, blockBox, anyRule, inLayoutTable, hasOwnName, transformsIn: scopeTransforms, laidOut, isTextControl };
})()
