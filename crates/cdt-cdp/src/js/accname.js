// cdt's accessibility model: the role and accessible name of an element the way Chromium
// computes them (W3C accname 1.2, HTML-AAM, Chromium's own conventions where they differ).
// Evaluated once to an object `{ role, name, visible, fromContent }` that the page agent
// (agent.js) uses; it never touches the uid registry and never acts on the page.
//
// role(el)  → the element's role (`button`, `link`, `textbox`, …), or null when the element
//             has no line of its own (generic containers, presentational images, labels).
// name(el, role) → the full accessible name, whitespace-normalized (never cut).
// visible(el) → whether the element is rendered and not visibility-hidden.
// fromContent(role) → whether that role is named from its content.
//
// Style is read only where the answer needs it (pseudo-element content, display of children
// while naming from content, hidden checks while naming); `role()` reads attributes only.
(function () {
  'use strict';
  const squash = (s) => (s || '').replace(/\s+/g, ' ').trim();
  const SVG_NS = 'http://www.w3.org/2000/svg';

  // ARIA roles Chromium recognizes in a `role` attribute (first recognized token wins).
  const ARIA_ROLES = new Set(('alert alertdialog application article banner blockquote button caption cell checkbox code ' +
    'columnheader combobox comment complementary contentinfo definition deletion dialog directory document emphasis feed ' +
    'figure form generic grid gridcell group heading image img insertion link list listbox listitem log main mark marquee ' +
    'math menu menubar menuitem menuitemcheckbox menuitemradio meter navigation none note option paragraph presentation ' +
    'progressbar radio radiogroup region row rowgroup rowheader scrollbar search searchbox sectionfooter sectionheader ' +
    'separator slider spinbutton status strong subscript suggestion superscript switch tab table tablist tabpanel term ' +
    'textbox time timer toolbar tooltip tree treegrid treeitem doc-abstract doc-acknowledgments doc-afterword doc-appendix ' +
    'doc-backlink doc-biblioentry doc-bibliography doc-biblioref doc-chapter doc-colophon doc-conclusion doc-cover ' +
    'doc-credit doc-credits doc-dedication doc-endnote doc-endnotes doc-epigraph doc-epilogue doc-errata doc-example ' +
    'doc-footnote doc-foreword doc-glossary doc-glossref doc-index doc-introduction doc-noteref doc-notice doc-pagebreak ' +
    'doc-pagefooter doc-pageheader doc-pagelist doc-part doc-preface doc-prologue doc-pullquote doc-qna doc-subtitle ' +
    'doc-tip doc-toc graphics-document graphics-object graphics-symbol').split(' '));
  const SYNONYMS = { image: 'img', directory: 'list', presentation: 'none' };
  // Roles whose name comes from their content when nothing else names them.
  const NAMED_FROM_CONTENT = new Set(['button', 'link', 'heading', 'cell', 'gridcell', 'columnheader', 'rowheader', 'tab',
    'menuitem', 'menuitemcheckbox', 'menuitemradio', 'treeitem', 'option', 'checkbox', 'radio', 'switch', 'tooltip',
    'term', 'math', 'doc-backlink', 'doc-biblioref', 'doc-glossref',
    'doc-noteref', 'generic-clickable']);
  // Roles that never take words from their content, even inside another element's name.
  const NEVER_FROM_CONTENT = new Set(['alert', 'alertdialog', 'application', 'article', 'banner', 'complementary',
    'contentinfo', 'dialog', 'document', 'feed', 'form', 'grid', 'img', 'listbox', 'log', 'main', 'marquee', 'menu',
    'menubar', 'navigation', 'radiogroup', 'region', 'search', 'tablist', 'tabpanel', 'timer', 'toolbar', 'tree',
    'treegrid', 'figure', 'iframe', 'video', 'audio', 'canvas', 'separator', 'scrollbar', 'group']);
  // Roles whose name is prohibited (ARIA 1.2): Chromium reports no name for them.
  const NAME_PROHIBITED = new Set(['caption', 'code', 'deletion', 'emphasis', 'generic', 'insertion', 'none', 'paragraph',
    'strong', 'subscript', 'superscript', 'mark', 'time', 'suggestion', 'definition']);
  // Embedded controls: their value, not their name, goes into the name of what contains them.
  const RANGE_ROLES = new Set(['slider', 'spinbutton', 'progressbar', 'scrollbar', 'meter']);
  const GLOBAL_ARIA = ['aria-atomic', 'aria-busy', 'aria-controls', 'aria-current', 'aria-describedby', 'aria-details',
    'aria-dropeffect', 'aria-errormessage', 'aria-flowto', 'aria-grabbed', 'aria-keyshortcuts', 'aria-label',
    'aria-labelledby', 'aria-live', 'aria-owns', 'aria-relevant', 'aria-roledescription'];
  const INPUT_ROLES = { button: 'button', submit: 'button', reset: 'button', image: 'button', file: 'button',
    color: 'button', checkbox: 'checkbox', radio: 'radio', range: 'slider', number: 'spinbutton', search: 'searchbox',
    email: 'textbox', tel: 'textbox', text: 'textbox', url: 'textbox', password: 'textbox', date: 'textbox',
    'datetime-local': 'textbox', month: 'textbox', time: 'textbox', week: 'textbox' };
  // Sectioning content that turns header/footer into section headers/footers (and an unnamed
  // aside into a generic container).
  const SECTIONING = new Set(['article', 'aside', 'main', 'nav', 'section']);
  const SECTIONING_ROLES = new Set(['article', 'complementary', 'main', 'navigation']);
  const ASIDE_SECTIONING = new Set(['article', 'aside', 'nav', 'section']);
  const ASIDE_SECTIONING_ROLES = new Set(['article', 'complementary', 'navigation']);
  const LIST_TAGS = new Set(['ul', 'ol', 'menu']);
  const NATIVELY_FOCUSABLE = new Set(['button', 'input', 'select', 'textarea', 'iframe', 'summary']);

  const svgChild = (el, tag) => {
    for (const child of el.children) if (child.localName === tag && child.namespaceURI === SVG_NS) return child;
    return null;
  };
  const svgTitle = (el) => {
    const title = svgChild(el, 'title');
    return title ? title.textContent : '';
  };
  const localName = (el) => (el.namespaceURI === SVG_NS ? 'svg:' : '') + el.localName;
  const explicitRole = (el) => {
    const attr = el.getAttribute('role');
    if (!attr) return '';
    for (const token of attr.trim().toLowerCase().split(/\s+/)) {
      if (ARIA_ROLES.has(token)) return SYNONYMS[token] || token;
    }
    return '';
  };
  const focusable = (el) => {
    if (el.hasAttribute('tabindex')) return true;
    const tag = el.localName;
    if (NATIVELY_FOCUSABLE.has(tag)) return !el.disabled;
    if ((tag === 'a' || tag === 'area') && el.hasAttribute('href')) return true;
    return el.isContentEditable === true && !(el.parentElement && el.parentElement.isContentEditable);
  };
  const hasGlobalAria = (el) => GLOBAL_ARIA.some((a) => el.hasAttribute(a));
  const nonEmpty = (s) => s !== null && s !== undefined && /\S/.test(s);
  const ariaLabel = (el) => {
    const value = el.getAttribute('aria-label');
    return nonEmpty(value) ? value : '';
  };
  // A presentational role gives way when the element is focusable or carries global ARIA.
  const presentationalIgnored = (el) => focusable(el) || hasGlobalAria(el);
  const isPresentational = (el) => explicitRole(el) === 'none' && !presentationalIgnored(el);
  const parentElementFlat = (el) => {
    if (el.assignedSlot) return el.assignedSlot;
    if (el.parentElement) return el.parentElement;
    const root = el.parentNode;
    return root && root.host ? root.host : null;
  };

  const insideSectioning = (el, tags, roles) => {
    for (let p = parentElementFlat(el); p && p.localName !== 'body'; p = parentElementFlat(p)) {
      if (tags.has(p.localName) || roles.has(explicitRole(p))) return true;
    }
    return false;
  };
  const hasAuthorName = (el) => !!ariaLabel(el) || el.hasAttribute('aria-labelledby');
  const tableOf = (el) => {
    for (let p = el.parentElement; p; p = p.parentElement) if (p.localName === 'table') return p;
    return null;
  };
  // Cells and rows inherit presentation from a presentational table; grids make gridcells.
  const cellContext = (el) => {
    const table = tableOf(el);
    if (!table) return 'none';
    if (isPresentational(table)) return 'none';
    const role = explicitRole(table);
    return role === 'grid' || role === 'treegrid' ? 'grid' : 'table';
  };
  // Chromium decides a <th> without scope from its neighbours: alone or between headers it
  // heads a column; next to a non-empty data cell it heads a row; in the first row, a column.
  const isTh = (n) => !!n && n.localName === 'th';
  const isFilledTd = (n) => !!n && n.localName === 'td' && /\S/.test(n.textContent);
  const thRole = (el) => {
    const scope = (el.getAttribute('scope') || '').toLowerCase();
    if (scope === 'row' || scope === 'rowgroup') return 'rowheader';
    if (scope === 'col' || scope === 'colgroup') return 'columnheader';
    const previous = el.previousElementSibling;
    const next = el.nextElementSibling;
    if (!previous && !next) return 'columnheader';
    if (isTh(previous) && isTh(next)) return 'columnheader';
    if (isFilledTd(previous) || isFilledTd(next)) return 'rowheader';
    const row = el.parentElement;
    if (!row || row.localName !== 'tr' || !isTh(row.firstElementChild)) return 'columnheader';
    const section = row.parentElement;
    if (section && section.localName === 'thead') return 'columnheader';
    const above = row.previousElementSibling;
    if (!above && !(section && section.previousElementSibling && section.previousElementSibling.localName !== 'caption' && section.previousElementSibling.localName !== 'colgroup')) return 'columnheader';
    return above && !isTh(above.firstElementChild) ? 'columnheader' : 'rowheader';
  };
  const selectRole = (el) => (el.multiple || el.size > 1 ? 'listbox' : 'combobox');
  const listParentRole = (el) => {
    const parent = el.parentElement;
    if (!parent) return '';
    if (isPresentational(parent)) return 'none';
    const role = explicitRole(parent);
    if (role) return role;
    return LIST_TAGS.has(parent.localName) ? 'list' : '';
  };

  // The role as Chromium would report it, in ARIA's spelling ('' = generic / no role).
  const implicitRole = (el) => {
    switch (localName(el)) {
      case 'a': return el.hasAttribute('href') || el.hasAttribute('onclick') ? 'link' : '';
      case 'address': return 'group';
      case 'area': return el.hasAttribute('href') ? 'link' : '';
      case 'article': return 'article';
      case 'aside': return hasAuthorName(el) || !insideSectioning(el, ASIDE_SECTIONING, ASIDE_SECTIONING_ROLES) ? 'complementary' : '';
      case 'audio': return 'audio';
      case 'blockquote': return 'blockquote';
      case 'button': return 'button';
      case 'canvas': return 'canvas';
      case 'caption': return 'caption';
      case 'code': return 'code';
      case 'datalist': return 'listbox';
      case 'dd': return 'definition';
      case 'del': return 'deletion';
      case 'details': return 'group';
      case 'dfn': return 'term';
      case 'dialog': return 'dialog';
      case 'dt': return 'term';
      case 'em': return 'emphasis';
      case 'fieldset': return 'group';
      case 'figure': return 'figure';
      case 'footer': return insideSectioning(el, SECTIONING, SECTIONING_ROLES) ? 'sectionfooter' : 'contentinfo';
      case 'form': return 'form';
      case 'h1': case 'h2': case 'h3': case 'h4': case 'h5': case 'h6': return 'heading';
      case 'header': return insideSectioning(el, SECTIONING, SECTIONING_ROLES) ? 'sectionheader' : 'banner';
      case 'hgroup': return 'group';
      case 'hr': return 'separator';
      case 'iframe': return 'iframe';
      case 'img': return el.getAttribute('alt') === '' && !hasAuthorName(el) && !el.hasAttribute('title') ? 'none' : 'img';
      case 'input': {
        const type = (el.getAttribute('type') || 'text').toLowerCase();
        if (type === 'hidden') return '';
        if ((type === 'text' || type === 'search' || type === 'email' || type === 'tel' || type === 'url' || !INPUT_ROLES[type]) && el.hasAttribute('list')) return 'combobox';
        return INPUT_ROLES[type] || 'textbox';
      }
      case 'ins': return 'insertion';
      case 'li': {
        const parent = listParentRole(el);
        if (parent === 'none') return 'none';
        return parent === 'list' || parent === 'group' || parent === '' ? 'listitem' : '';
      }
      case 'main': return 'main';
      case 'mark': return 'mark';
      case 'math': return 'math';
      case 'menu': case 'ol': case 'ul': return 'list';
      case 'meter': return 'meter';
      case 'nav': return 'navigation';
      case 'optgroup': return 'group';
      case 'option': return 'option';
      case 'output': return 'status';
      case 'p': return 'paragraph';
      case 'progress': return 'progressbar';
      case 'search': return 'search';
      case 'section': return ariaLabel(el) || el.hasAttribute('aria-labelledby') || nonEmpty(el.getAttribute('title')) ? 'region' : '';
      case 'select': return selectRole(el);
      case 's': return 'deletion';
      case 'strong': return 'strong';
      case 'sub': return 'subscript';
      case 'summary': return 'button';
      case 'sup': return 'superscript';
      case 'table': return 'table';
      case 'thead': case 'tfoot': return cellContext(el) === 'none' ? 'none' : 'rowgroup';
      case 'tbody': return cellContext(el) === 'none' ? 'none' : '';
      case 'td': {
        const context = cellContext(el);
        return context === 'none' ? 'none' : context === 'grid' ? 'gridcell' : 'cell';
      }
      case 'th': {
        const context = cellContext(el);
        return context === 'none' ? 'none' : thRole(el);
      }
      case 'textarea': return 'textbox';
      case 'time': return 'time';
      case 'tr': return cellContext(el) === 'none' ? 'none' : 'row';
      case 'video': return 'video';
      case 'svg:svg': return hasAuthorName(el) || svgChild(el, 'title') || svgChild(el, 'desc') ? 'img' : '';
      case 'svg:a': return el.hasAttribute('href') || el.hasAttributeNS('http://www.w3.org/1999/xlink', 'href') ? 'link' : '';
      case 'svg:g': return hasAuthorName(el) || svgChild(el, 'title') || svgChild(el, 'desc') ? 'group' : '';
      default:
        if (el.isContentEditable && !(el.parentElement && el.parentElement.isContentEditable)) return 'textbox';
        return '';
    }
  };
  // Chromium drops some roles outside their required context.
  const contextOk = (el, role) => {
    if (role === 'listitem') {
      // The nearest ancestor with a role of its own must be a list (or a group in one).
      for (let p = el.parentElement; p; p = p.parentElement) {
        const r = axRole(p);
        if (r === '' || r === 'none') continue;
        return r === 'list' || r === 'group';
      }
      return false;
    }
    if (role === 'option') return !!el.closest('[role=listbox], [role=combobox], select, datalist, [role=group]');
    if (role === 'treeitem') return !!el.closest('[role=tree], [role=treegrid], [role=group]');
    return true;
  };
  // The role of `el` in ARIA's spelling, '' when generic or presentational.
  const axRole = (el) => {
    const explicit = explicitRole(el);
    if (explicit === 'none') {
      if (presentationalIgnored(el)) return implicitRole(el);
      return 'none';
    }
    if ((explicit === 'region' || explicit === 'form') && !hasAuthorName(el) && !nonEmpty(el.getAttribute('title'))) return '';
    if (explicit && explicit !== 'generic') return contextOk(el, explicit) ? explicit : '';
    if (explicit === 'generic') return '';
    return implicitRole(el);
  };
  // Roles that get no line of their own in cdt's snapshot.
  const NO_LINE = new Set(['', 'none']);
  const role = (el) => {
    const r = axRole(el);
    return NO_LINE.has(r) ? null : r;
  };

  // ---------------------------------------------------------------- hidden content
  // aria-hidden or inert on the element or an ancestor (flat tree).
  const ariaHiddenOrInert = (el, ctx) => {
    let hidden = ctx.aria.get(el);
    if (hidden !== undefined) return hidden;
    hidden = el.getAttribute('aria-hidden') === 'true' || el.hasAttribute('inert');
    if (!hidden) {
      const parent = parentElementFlat(el);
      hidden = parent ? ariaHiddenOrInert(parent, ctx) : false;
    }
    ctx.aria.set(el, hidden);
    return hidden;
  };
  const inert = (el) => {
    for (let p = el; p; p = parentElementFlat(p)) if (p.hasAttribute('inert')) return true;
    return false;
  };
  // Not rendered (display:none here or above, closed <details>, hidden=until-found…).
  const unrendered = (el, ctx) => {
    let out = ctx.unrendered.get(el);
    if (out !== undefined) return out;
    out = !el.checkVisibility();
    // display:contents boxes report no box of their own: their parent decides.
    if (out && style(el, ctx).display === 'contents') {
      const parent = parentElementFlat(el);
      out = parent ? unrendered(parent, ctx) : false;
    }
    ctx.unrendered.set(el, out);
    return out;
  };
  const invisible = (el, ctx) => {
    const v = style(el, ctx).visibility;
    return v === 'hidden' || v === 'collapse';
  };
  // Content left out of names (unless a hidden node is referenced by aria-labelledby).
  const removed = (el, ctx) => ariaHiddenOrInert(el, ctx) || unrendered(el, ctx);
  const isHidden = (el, ctx) => removed(el, ctx) || invisible(el, ctx);

  // ---------------------------------------------------------------- pseudo-element content
  const unescapeCss = (s) => s.replace(/\\([0-9a-fA-F]{1,6}\s?|[\s\S])/g, (m, c) => {
    if (/^[0-9a-fA-F]/.test(c)) return String.fromCodePoint(parseInt(c.trim(), 16));
    return c === '\n' ? '' : c;
  });
  // The text of a `content` value: strings, attr(), quotes; counters and images give nothing.
  const pseudoText = (el, style) => {
    const content = style.content;
    if (!content || content === 'none' || content === 'normal') return null;
    let text = '';
    let alt = null;
    let target = 'main';
    let depthQuote = 0;
    const re = /"((?:[^"\\]|\\[\s\S])*)"|'((?:[^'\\]|\\[\s\S])*)'|attr\(\s*([^)\s]+)\s*\)|(open-quote|close-quote|no-open-quote|no-close-quote)|(\/)|(url\([^)]*\)|[a-z-]+\([^)]*\))/g;
    let m;
    while ((m = re.exec(content))) {
      let piece = '';
      if (m[1] !== undefined) piece = unescapeCss(m[1]);
      else if (m[2] !== undefined) piece = unescapeCss(m[2]);
      else if (m[3] !== undefined) piece = el.getAttribute(m[3]) || '';
      else if (m[4] === 'open-quote') { piece = depthQuote % 2 ? '‘' : '“'; depthQuote++; }
      else if (m[4] === 'close-quote') { depthQuote = Math.max(0, depthQuote - 1); piece = depthQuote % 2 ? '’' : '”'; }
      else if (m[5]) { target = 'alt'; alt = ''; continue; }
      if (target === 'alt') alt += piece; else text += piece;
    }
    return alt !== null ? { text: alt, alt: true } : { text, alt: false };
  };

  // ---------------------------------------------------------------- the name computation
  // Replaced and form elements stand apart from the text around them.
  const ATOMIC = new Set(['img', 'input', 'select', 'textarea', 'button', 'iframe', 'video', 'audio', 'canvas',
    'object', 'embed', 'meter', 'progress', 'svg']);
  const style = (el, ctx) => {
    let s = ctx.styles.get(el);
    if (!s) { s = getComputedStyle(el); ctx.styles.set(el, s); }
    return s;
  };
  const byId = (el, id) => {
    const root = el.getRootNode();
    return root.getElementById ? root.getElementById(id) : null;
  };
  const idRefs = (el, attribute) => {
    const value = el.getAttribute(attribute);
    if (!value) return [];
    const out = [];
    for (const id of value.trim().split(/\s+/)) {
      const ref = id && byId(el, id);
      if (ref) out.push(ref);
    }
    return out;
  };
  const textboxValue = (el) => {
    const value = el.localName === 'input' || el.localName === 'textarea' ? el.value : el.textContent;
    if (nonEmpty(value)) return value;
    return el.getAttribute('placeholder') || el.getAttribute('aria-placeholder') || '';
  };
  const optionText = (o) => {
    const label = o.getAttribute('label');
    return nonEmpty(label) ? label : o.text;
  };
  const selectedOptionsText = (el) => {
    if (el.localName === 'select') return Array.from(el.selectedOptions).map(optionText).join(' ');
    const selected = el.querySelectorAll('[role=option][aria-selected=true]');
    return Array.from(selected).map((o) => ariaLabel(o) || o.textContent).join(' ');
  };
  const rangeValue = (el) => {
    const text = el.getAttribute('aria-valuetext');
    if (nonEmpty(text)) return text;
    const now = el.getAttribute('aria-valuenow');
    if (nonEmpty(now)) return now;
    if (el.localName === 'input' || el.localName === 'progress' || el.localName === 'meter') return String(el.value);
    return '';
  };
  // The value an embedded control contributes, or null when `el` is no embedded control.
  const embeddedValue = (el, r) => {
    if (r === 'textbox' || r === 'searchbox') return textboxValue(el);
    if (r === 'combobox') {
      if (el.localName === 'select') return selectedOptionsText(el);
      if (el.localName === 'input') return el.value;
      const box = el.querySelector('input, textarea, [role=textbox], [role=searchbox]');
      if (box && nonEmpty(box.localName === 'input' || box.localName === 'textarea' ? box.value : box.textContent)) return textboxValue(box);
      for (const list of [el].concat(idRefs(el, 'aria-owns'), idRefs(el, 'aria-controls'))) {
        const text = selectedOptionsText(list);
        if (text) return text;
      }
      return '';
    }
    if (r === 'listbox') return selectedOptionsText(el);
    if (RANGE_ROLES.has(r)) return rangeValue(el);
    return null;
  };
  const FORM_TAGS = new Set(['input', 'textarea', 'select', 'button', 'meter', 'progress', 'output']);
  const inputDefault = { submit: 'Submit', reset: 'Reset' };
  const firstChild = (el, tag) => {
    for (const child of el.children) if (child.localName === tag) return child;
    return null;
  };
  const plain = (text) => ({ text, startBlock: false, endBlock: false });
  const NOTHING = plain('');

  const FINAL_NATIVE = new Set(['img', 'area', 'input', 'textarea', 'select', 'meter', 'progress', 'output']);
  // Native (host language) text alternative of `el`, or '' when it has none.
  const nativeName = (el, r, ctx) => {
    const tag = localName(el);
    if (FORM_TAGS.has(tag)) {
      const type = tag === 'input' ? (el.getAttribute('type') || 'text').toLowerCase() : '';
      // A rendered label decides, even an empty one; hidden labels are skipped.
      const labels = el.labels ? Array.from(el.labels).filter((label) => !isHidden(label, ctx)) : [];
      if (labels.length) return labels.map((label) => textOf(label, ctx, { recursive: true, referenced: true }).text).join(' ');
      if (tag === 'input') {
        if (type === 'button' || type === 'submit' || type === 'reset') {
          if (el.hasAttribute('value')) return el.value;
          if (inputDefault[type]) return inputDefault[type];
        }
        if (type === 'image') {
          for (const attribute of ['alt', 'value', 'title']) {
            const value = el.getAttribute(attribute);
            if (nonEmpty(value)) return value;
          }
          return 'Submit';
        }
        if (type === 'file') return el.multiple ? 'Choose Files' : 'Choose File';
      }
      return null;
    }
    if (tag === 'img' || tag === 'area') {
      // An alt attribute decides, even an empty one (the title is then not used).
      const alt = el.getAttribute('alt');
      if (alt !== null) return alt;
      return null;
    }
    if (tag === 'fieldset') {
      const legend = firstChild(el, 'legend');
      return legend && !isHidden(legend, ctx) ? textOf(legend, ctx, { recursive: true }).text : '';
    }
    if (tag === 'table') {
      const caption = firstChild(el, 'caption');
      const text = caption ? textOf(caption, ctx, { recursive: true }).text : '';
      if (nonEmpty(text)) return text;
      const summary = el.getAttribute('summary');
      return nonEmpty(summary) ? summary : '';
    }
    if (tag === 'optgroup') return el.getAttribute('label') || '';
    if (tag === 'option') return optionText(el);
    if (el.namespaceURI === SVG_NS) return svgTitle(el);
    return '';
  };

  const childNodesFlat = (el) => {
    if (el.localName === 'slot') {
      const assigned = el.assignedNodes();
      return assigned.length ? assigned : el.childNodes;
    }
    if (el.shadowRoot) return el.shadowRoot.childNodes;
    return el.childNodes;
  };

  // Words from the content of `el`: pseudo-elements, text and child elements in flat-tree
  // order; a space goes between two pieces unless both flow inline in the same box.
  const contentOf = (el, ctx, opts) => {
    const parts = [];
    const pseudo = (which) => {
      const s = getComputedStyle(el, which);
      if (s.display === 'none' || s.visibility === 'hidden' || s.visibility === 'collapse') return;
      const found = pseudoText(el, s);
      if (found && found.text) {
        const block = found.alt || s.display !== 'inline';
        parts.push({ text: found.text, startBlock: block, endBlock: block });
      }
    };
    if (el.namespaceURI !== SVG_NS) pseudo('::before');
    const ownTextHidden = !opts.includeHidden && el !== ctx.root && invisible(el, ctx);
    for (const child of childNodesFlat(el)) {
      if (child.nodeType === 3) {
        if (!child.data) continue;
        const parent = child.assignedSlot || child.parentElement;
        if (!opts.includeHidden && parent && parent !== el && (removed(parent, ctx) || invisible(parent, ctx))) continue;
        if (parent === el && ownTextHidden) continue;
        parts.push(plain(child.data));
      } else if (child.nodeType === 1) {
        const tag = child.localName;
        if (tag === 'script' || tag === 'style' || tag === 'template' || tag === 'noscript' ||
            ((tag === 'title' || tag === 'desc') && child.namespaceURI === SVG_NS)) continue;
        if (tag === 'br' || tag === 'wbr') { parts.push({ text: ' ', startBlock: true, endBlock: true }); continue; }
        const piece = textOf(child, ctx, { recursive: true, includeHidden: opts.includeHidden, inLabelledBy: opts.inLabelledBy });
        if (piece.text) parts.push(piece);
      }
    }
    if (el.namespaceURI !== SVG_NS) pseudo('::after');
    let text = '';
    for (let i = 0; i < parts.length; i++) {
      if (i > 0 && (parts[i].startBlock || parts[i - 1].endBlock)) text += ' ';
      text += parts[i].text;
    }
    if (!parts.length) return NOTHING;
    return { text, startBlock: parts[0].startBlock, endBlock: parts[parts.length - 1].endBlock };
  };

  // How `el`'s words join its neighbours': inline boxes pass their edges through.
  const framed = (el, ctx, piece) => {
    if (!piece.text) return piece;
    const tag = el.localName;
    if (ATOMIC.has(tag)) return { text: piece.text, startBlock: true, endBlock: true };
    if (tag === 'slot') return piece;
    const display = style(el, ctx).display;
    if (display === 'inline') return piece;
    return { text: piece.text, startBlock: true, endBlock: true };
  };

  // accname's text alternative of `el` (steps 2A–2I), as Chromium orders them.
  const textOf = (el, ctx, opts) => {
    if (ctx.visiting.has(el)) return NOTHING;
    if (opts.recursive && !opts.includeHidden && removed(el, ctx)) return NOTHING;
    const r = opts.role !== undefined ? opts.role : axRole(el);
    ctx.visiting.add(el);
    try {
      return framed(el, ctx, textOfInner(el, r, ctx, opts));
    } finally {
      ctx.visiting.delete(el);
    }
  };
  const textOfInner = (el, r, ctx, opts) => {
    const tag = el.localName;
    // Chromium names a media element that cannot play by its error text.
    if ((tag === 'video' || tag === 'audio') && (!el.currentSrc || el.error || el.networkState === 3)) return plain('Unable to play media.');
    // 2B: aria-labelledby (not followed from inside another labelledby traversal).
    if (!opts.inLabelledBy) {
      const refs = idRefs(el, 'aria-labelledby');
      if (refs.length) {
        const text = refs.map((ref) => {
          if (ref === el) return selfName(el, r, ctx, { recursive: true, inLabelledBy: true, referenced: true }).text;
          if (inert(ref)) return '';
          const hidden = isHidden(ref, ctx);
          return textOf(ref, ctx, { recursive: true, inLabelledBy: true, includeHidden: hidden, referenced: true }).text;
        }).join(' ');
        if (nonEmpty(text)) return plain(text);
      }
    }
    // 2C: an embedded control inside a label or content gives its value.
    if (opts.recursive) {
      if (el === ctx.root) return NOTHING;
      // A visibility-hidden element lends no words of its own, only its visible content.
      if (!opts.includeHidden && invisible(el, ctx)) return NEVER_FROM_CONTENT.has(r) ? NOTHING : contentOf(el, ctx, opts);
      const value = embeddedValue(el, r);
      if (value !== null) return plain(value);
    }
    return selfName(el, r, ctx, opts);
  };
  // Steps 2D onwards: aria-label, native text alternative, content, tooltip.
  const selfName = (el, r, ctx, opts) => {
    const label = ariaLabel(el);
    if (label) return plain(label);
    const tag = el.localName;
    const generic = r === '' || r === 'none' || NAME_PROHIBITED.has(r);
    if (!opts.recursive && generic) {
      // Nothing but author naming names a generic or presentational element; a few
      // elements Chromium gives a role of its own are the exception.
      if (tag === 'abbr' || tag === 'object' || tag === 'embed' || tag === 'label') return plain(el.getAttribute('title') || '');
      if (tag === 'area') return plain(el.getAttribute('alt') || '');
      return NOTHING;
    }
    if (r !== 'none') {
      // null: no native alternative; a string (even empty) from a label or alt is final.
      const native = nativeName(el, r, ctx);
      if (native !== null && (nonEmpty(native) || FINAL_NATIVE.has(tag))) return plain(native);
    }
    const fromContent = opts.recursive ? !NEVER_FROM_CONTENT.has(r) : namedFromContent(el, r) || opts.referenced;
    if (fromContent && tag !== 'input' && tag !== 'textarea' && tag !== 'select' && tag !== 'img' && tag !== 'iframe' && tag !== 'option') {
      const piece = contentOf(el, ctx, opts);
      if (nonEmpty(piece.text)) return piece;
    }
    // 2I: the tooltip, for the element being named, a referenced one, a label or an image.
    if (!opts.recursive || opts.referenced || tag === 'img' || tag === 'area' || tag === 'label' || (!generic && r !== 'none')) {
      const title = el.getAttribute('title');
      if (nonEmpty(title)) return plain(title);
      if (tag === 'input' || tag === 'textarea') {
        for (const attribute of ['placeholder', 'aria-placeholder']) {
          const value = el.getAttribute(attribute);
          if (nonEmpty(value)) return plain(value);
        }
      }
    }
    return NOTHING;
  };
  const inGrid = (el) => !!el.closest('[role=grid], [role=treegrid]');
  const namedFromContent = (el, r) => {
    if (r === 'row') return inGrid(el);
    if (r === 'math') return el.namespaceURI !== 'http://www.w3.org/1998/Math/MathML';
    return NAMED_FROM_CONTENT.has(r);
  };

  const newContext = (el) => ({ root: el, visiting: new Set(), aria: new Map(), unrendered: new Map(), styles: new Map() });
  const name = (el, r) => {
    const effective = r === 'generic-clickable' ? r : axRole(el);
    const ctx = newContext(el);
    return squash(textOf(el, ctx, { recursive: false, role: effective }).text);
  };
  const visible = (el) => {
    if (el.checkVisibility) return el.checkVisibility({ visibilityProperty: true });
    const s = getComputedStyle(el);
    return s.display !== 'none' && s.visibility !== 'hidden';
  };
  const fromContentRole = (r) => NAMED_FROM_CONTENT.has(r);
  return { role, name, visible, fromContent: fromContentRole };
})()
