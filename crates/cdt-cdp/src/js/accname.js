// cdt's accessibility model: the role and accessible name of an element, as Chromium exposes
// them (W3C accname 1.2, HTML-AAM). Evaluated once to an object `{ role, name, visible }` that
// the page agent (agent.js) uses; it never touches the uid registry and never acts on the page.
//
// role(el)  → the element's role (`button`, `link`, `textbox`, …), or null when the element
//             has no role of its own worth a line (generic containers, presentational images).
// name(el, role) → the accessible name, whitespace-normalized.
// visible(el) → whether the element is rendered and not visibility-hidden.
// fromContent(role) → whether that role is named from its content.
(function () {
  'use strict';
  const clean = (s, max) => {
    s = (s || '').replace(/\s+/g, ' ').trim();
    return s.length > max ? s.slice(0, max - 1) + '…' : s;
  };
  const INPUT_ROLES = { button: 'button', submit: 'button', reset: 'button', image: 'button', checkbox: 'checkbox', radio: 'radio',
    range: 'slider', number: 'spinbutton', search: 'searchbox', email: 'textbox', tel: 'textbox', text: 'textbox', url: 'textbox',
    password: 'textbox', file: 'button', color: 'button', date: 'textbox', 'datetime-local': 'textbox', month: 'textbox', time: 'textbox', week: 'textbox' };
  const TAG_ROLES = { A: 'link', BUTTON: 'button', TEXTAREA: 'textbox', SELECT: 'combobox', OPTION: 'option', IMG: 'img', NAV: 'navigation',
    MAIN: 'main', ASIDE: 'complementary', FORM: 'form', UL: 'list', OL: 'list', LI: 'listitem', TABLE: 'table', TR: 'row', TD: 'cell',
    TH: 'columnheader', DIALOG: 'dialog', SUMMARY: 'button', DETAILS: 'group', FIELDSET: 'group', H1: 'heading', H2: 'heading',
    H3: 'heading', H4: 'heading', H5: 'heading', H6: 'heading', IFRAME: 'iframe', PROGRESS: 'progressbar', METER: 'meter',
    HEADER: 'banner', FOOTER: 'contentinfo', SECTION: 'region', ARTICLE: 'article', VIDEO: 'video', AUDIO: 'audio' };
  // Roles whose name comes from their content. Containers (list items, rows) are not: their
  // children already carry the words, and repeating them would double the snapshot.
  const NAMED_FROM_CONTENT = new Set(['button', 'link', 'heading', 'option', 'cell', 'columnheader', 'tab', 'menuitem',
    'treeitem', 'label', 'switch', 'checkbox', 'radio']);

  const role = (el) => {
    const explicit = el.getAttribute('role');
    if (explicit) return explicit.split(' ')[0];
    const tag = el.tagName;
    if (tag === 'INPUT') { const t = (el.getAttribute('type') || 'text').toLowerCase(); return t === 'hidden' ? null : (INPUT_ROLES[t] || 'textbox'); }
    if (tag === 'A') return el.hasAttribute('href') ? 'link' : null;
    if (tag === 'SELECT') return (el.multiple || el.size > 1) ? 'listbox' : 'combobox';
    if (tag === 'IMG') return el.getAttribute('alt') === '' ? null : 'img';
    if (tag === 'SECTION' || tag === 'FORM') return (el.getAttribute('aria-label') || el.getAttribute('aria-labelledby')) ? TAG_ROLES[tag] : null;
    if (TAG_ROLES[tag]) return TAG_ROLES[tag];
    if (el.isContentEditable && (!el.parentElement || !el.parentElement.isContentEditable)) return 'textbox';
    return null;
  };
  const textOf = (el) => clean(el.innerText !== undefined ? el.innerText : el.textContent, 100);
  // A label's own words, without the text of the controls inside it (a wrapped <select>).
  const labelText = (label) => {
    let text = '';
    for (const node of label.childNodes) {
      if (node.nodeType === 3) text += node.textContent + ' ';
      else if (node.nodeType === 1 && !['INPUT', 'SELECT', 'TEXTAREA', 'BUTTON', 'OPTION'].includes(node.tagName)) text += labelText(node) + ' ';
    }
    return text;
  };
  const labelsOf = (el) => {
    if (el.labels && el.labels.length) return clean(Array.from(el.labels).map(labelText).join(' '), 100);
    return '';
  };
  const name = (el, role) => {
    const by = el.getAttribute('aria-labelledby');
    if (by) {
      const doc = el.ownerDocument;
      const text = by.split(/\s+/).map((id) => { const n = doc.getElementById(id); return n ? n.innerText || n.textContent : ''; }).join(' ');
      if (clean(text, 100)) return clean(text, 100);
    }
    const aria = el.getAttribute('aria-label');
    if (aria && aria.trim()) return clean(aria, 100);
    const tag = el.tagName;
    if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') {
      const type = (el.getAttribute('type') || '').toLowerCase();
      if (['submit', 'button', 'reset'].includes(type)) return clean(el.value || (type === 'submit' ? 'Submit' : ''), 100);
      return labelsOf(el) || clean(el.getAttribute('placeholder') || el.getAttribute('title') || el.getAttribute('name') || '', 100);
    }
    if (tag === 'IMG') return clean(el.getAttribute('alt') || el.getAttribute('title') || '', 100);
    if (tag === 'IFRAME') return clean(el.getAttribute('title') || el.getAttribute('name') || '', 100);
    if (tag === 'FIELDSET') { const legend = el.querySelector('legend'); return legend ? textOf(legend) : ''; }
    if (NAMED_FROM_CONTENT.has(role) || role === 'generic-clickable') {
      const text = textOf(el);
      if (text) return text;
      // Icon-only controls: the alt text, label or SVG title of what they contain.
      const icon = el.querySelector('img[alt]:not([alt=""]), [aria-label], svg title');
      const iconName = icon ? (icon.getAttribute('alt') || icon.getAttribute('aria-label') || icon.textContent) : '';
      return clean(iconName || el.getAttribute('title') || '', 100);
    }
    return clean(el.getAttribute('title') || '', 100);
  };
  const visible = (el) => {
    if (el.checkVisibility) return el.checkVisibility({ visibilityProperty: true });
    const s = getComputedStyle(el);
    return s.display !== 'none' && s.visibility !== 'hidden';
  };
  // Whether a role takes its name from its content (its text is then not repeated below it).
  const fromContent = (role) => NAMED_FROM_CONTENT.has(role);
  return { role, name, visible, fromContent };
})()
