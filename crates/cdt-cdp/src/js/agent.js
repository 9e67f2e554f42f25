// cdt's in-page agent. Evaluated as `(AGENT)(command, args)` in a frame's main world, where
// AGENT binds `A11Y` (accname.js) around this function. It keeps a
// registry of uids on `window.__cdt` (non-enumerable): a node keeps its uid for the life of the
// document; numbering starts where the daemon says, so a uid is never reused within a page.
(function (command, args) {
  'use strict';
  const root = window;
  let R = root.__cdt;
  if (!R || R.prefix !== args.prefix) {
    R = { prefix: args.prefix || '', next: args.start || 1, byEl: new WeakMap(), byUid: new Map(), lastMutation: Date.now() };
    Object.defineProperty(root, '__cdt', { value: R, configurable: true, enumerable: false, writable: true });
    try {
      new MutationObserver(() => { R.lastMutation = Date.now(); })
        .observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    } catch (e) { /* no document yet */ }
  }
  // A page restored from the back/forward cache brings back an old registry: never number below
  // what the page has already issued, or a uid could point at a new node.
  if (args.start && R.next < args.start) R.next = args.start;
  const uidOf = (el) => {
    let uid = R.byEl.get(el);
    if (!uid) {
      uid = R.prefix + 'e' + (R.next++);
      R.byEl.set(el, uid);
      R.byUid.set(uid, new WeakRef(el));
    }
    return uid;
  };
  const number = (uid) => parseInt(String(uid).slice(String(uid).lastIndexOf('e') + 1), 10);
  const lookup = (uid) => {
    const ref = R.byUid.get(uid);
    const el = ref && ref.deref();
    if (el && el.isConnected) return { el };
    const issued = String(uid).startsWith(R.prefix + 'e') && number(uid) > 0 && number(uid) < R.next;
    return { status: issued || (args.issuedBefore && number(uid) < args.issuedBefore) ? 'stale' : 'unknown' };
  };
  const clean = (s, max) => {
    s = (s || '').replace(/\s+/g, ' ').trim();
    return s.length > max ? s.slice(0, max - 1) + '…' : s;
  };
  const quote = (s) => '"' + s.replace(/\\/g, '\\\\').replace(/"/g, '\\"') + '"';

  const ACTIONABLE = new Set(['button', 'link', 'textbox', 'searchbox', 'checkbox', 'radio', 'combobox', 'listbox', 'option', 'slider',
    'spinbutton', 'switch', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'treeitem', 'iframe']);
  // Roles and names come from the accessibility model (accname.js), bound as `A11Y`.
  const CLICKABLE_ROLE = 'generic-clickable';
  const roleOf = (el) => {
    const role = A11Y.role(el);
    if (role) return role;
    if (el.hasAttribute('onclick') || (el.tabIndex >= 0 && el.hasAttribute('tabindex'))) return CLICKABLE_ROLE;
    return null;
  };
  const nameOf = (el, role) => A11Y.name(el, role);
  const isVisible = (el) => A11Y.visible(el);
  const statesOf = (el, role) => {
    const out = [];
    const doc = el.ownerDocument;
    if (doc.activeElement === el && doc.hasFocus()) out.push('focused');
    if (el.disabled || el.getAttribute('aria-disabled') === 'true') out.push('disabled');
    if (role === 'checkbox' || role === 'radio' || role === 'switch' || role === 'menuitemcheckbox') {
      const checked = el.checked !== undefined ? el.checked : el.getAttribute('aria-checked') === 'true';
      if (checked) out.push('checked');
    }
    const expanded = el.getAttribute('aria-expanded');
    if (expanded === 'true') out.push('expanded');
    if (el.tagName === 'DETAILS' && el.open) out.push('expanded');
    if (role === 'option' && (el.selected || el.getAttribute('aria-selected') === 'true')) out.push('selected');
    if (el.required) out.push('required');
    if (el.readOnly) out.push('readonly');
    if (role === 'heading') out.push('level=' + (el.getAttribute('aria-level') || el.tagName.slice(1)));
    if (role === 'textbox' || role === 'searchbox' || role === 'spinbutton' || role === 'slider') {
      const value = el.isContentEditable ? el.innerText : el.value;
      if (value) out.push('value=' + quote(el.type === 'password' ? '••••' : clean(value, 60)));
    }
    if (role === 'combobox' && el.tagName === 'SELECT') {
      const option = el.selectedOptions && el.selectedOptions[0];
      if (option) out.push('value=' + quote(clean(option.textContent, 60)));
    }
    if (role === 'link' && args.verbose) out.push('url=' + el.getAttribute('href'));
    return out;
  };

  function snapshot() {
    const lines = [];
    const uids = {};
    const frames = [];
    const maxDepth = args.depth === undefined || args.depth === null ? Infinity : args.depth;
    let start = document.documentElement;
    if (args.rootUid) { const found = lookup(args.rootUid); if (!found.el) return { error: found.status, uid: args.rootUid }; start = found.el; }
    if (args.rootSelector) {
      try { start = document.querySelector(args.rootSelector); } catch (e) { return { error: 'invalid-selector', message: String(e.message || e) }; }
      if (!start) return { error: 'unknown', selector: args.rootSelector };
    }
    const emit = (el, role, name, depth) => {
      const uid = uidOf(el);
      const states = statesOf(el, role);
      const shown = role === 'generic-clickable' ? 'clickable' : role;
      lines.push('  '.repeat(depth) + uid + ' ' + shown + (name ? ' ' + quote(name) : '') + (states.length ? ' ' + states.join(' ') : ''));
      uids[uid] = { role: shown, name };
      return uid;
    };
    const walk = (el, depth, namedAncestor) => {
      if (depth > maxDepth) return;
      if (el.nodeType === 3) {
        if (args.interactive || namedAncestor) return;
        const text = clean(el.textContent, 80);
        if (text) lines.push('  '.repeat(depth) + 'text ' + quote(text));
        return;
      }
      if (el.nodeType !== 1) return;
      const tag = el.tagName;
      if (tag === 'SCRIPT' || tag === 'STYLE' || tag === 'NOSCRIPT' || tag === 'TEMPLATE' || tag === 'HEAD') return;
      if (el.getAttribute('aria-hidden') === 'true') return;
      let role = roleOf(el);
      if (tag !== 'OPTION' && !isVisible(el)) {
        // display:none hides the subtree; display:contents and visibility:hidden do not hide
        // children that are visible themselves: walk them, without a line for this element.
        const style = getComputedStyle(el);
        if (style.display === 'none') return;
        role = null;
      }
      let childDepth = depth;
      // A label's words name its control; they are not repeated as text lines.
      let named = namedAncestor || tag === 'LABEL';
      if (role) {
        const name = nameOf(el, role);
        const actionable = ACTIONABLE.has(role) || role === 'generic-clickable' || el.isContentEditable;
        const keep = args.verbose || actionable || role === 'heading' || (!args.interactive && (name || ['list', 'table', 'dialog', 'navigation', 'main', 'form', 'img', 'row', 'group', 'region', 'banner', 'contentinfo', 'complementary', 'article'].includes(role)));
        if (keep && !(role === 'option' && args.interactive && !el.selected)) {
          const uid = emit(el, role, name, depth);
          childDepth = depth + 1;
          if (name && A11Y.fromContent(role)) named = true;
          if (tag === 'IFRAME') {
            let inner = null;
            try { inner = el.contentDocument; } catch (e) { inner = null; }
            if (inner && inner.documentElement) walk(inner.documentElement, childDepth, false);
            else frames.push({ uid, depth: childDepth, src: el.src });
            return;
          }
          if (tag === 'SELECT' && !args.verbose) return;
        }
      }
      if (el.shadowRoot) for (const child of el.shadowRoot.childNodes) walk(child, childDepth, named);
      for (const child of el.childNodes) walk(child, childDepth, named);
    };
    walk(start, 0, false);
    return { lines, uids, frames, next: R.next, url: location.href, title: document.title, timeOrigin: performance.timeOrigin };
  }

  const describe = (el) => {
    if (!el || el.nodeType !== 1) return null;
    let text = el.tagName.toLowerCase();
    if (el.id) text += '#' + el.id;
    if (el.classList && el.classList.length) text += '.' + Array.from(el.classList).slice(0, 3).join('.');
    const label = clean(el.innerText || el.getAttribute('aria-label') || '', 40);
    return label ? text + ' ' + quote(label) : text;
  };
  const pick = () => {
    if (args.uid) { const found = lookup(args.uid); if (!found.el) return { error: found.status }; return { el: found.el }; }
    if (args.selector) {
      let el = null;
      try { el = document.querySelector(args.selector); } catch (e) { return { error: 'invalid-selector', message: String(e.message || e) }; }
      return el ? { el } : { error: 'unknown' };
    }
    if (args.text) {
      const wanted = args.text.toLowerCase();
      const all = Array.from(document.querySelectorAll('a,button,input,textarea,select,label,summary,[role],[onclick],[tabindex],h1,h2,h3,h4,h5,h6,li,td,span,div,p'));
      const match = all.filter((el) => isVisible(el) && clean(nameOf(el, roleOf(el) || '') || el.innerText || el.value || '', 200).toLowerCase().includes(wanted));
      // The innermost match is the most specific element.
      const innermost = match.filter((el) => !match.some((other) => other !== el && el.contains(other)));
      return innermost.length ? { el: innermost[0] } : { error: 'unknown' };
    }
    return { error: 'unknown' };
  };
  // Offset of this frame's viewport within the top (same-process) viewport.
  const frameOffset = (el) => {
    let x = 0; let y = 0; let win = el.ownerDocument.defaultView;
    while (win && win.frameElement) {
      const r = win.frameElement.getBoundingClientRect();
      x += r.left + win.frameElement.clientLeft; y += r.top + win.frameElement.clientTop;
      win = win.parent;
    }
    return { x, y };
  };
  const boxOf = (el) => {
    const r = el.getBoundingClientRect();
    const o = frameOffset(el);
    return { x: r.left + o.x, y: r.top + o.y, width: r.width, height: r.height };
  };
  function actionPoint() {
    const picked = pick();
    if (!picked.el) return picked;
    const el = picked.el;
    if (!args.noScroll) el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
    const uid = uidOf(el);
    if (!isVisible(el)) return { error: 'not-visible', uid, element: describe(el) };
    if (el.disabled || el.getAttribute('aria-disabled') === 'true') return { error: 'disabled', uid, element: describe(el) };
    const rects = el.getClientRects();
    const r = rects.length ? rects[0] : el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) return { error: 'not-visible', uid, element: describe(el) };
    const lx = r.left + r.width / 2; const ly = r.top + r.height / 2;
    const view = el.ownerDocument.defaultView;
    if (lx < 0 || ly < 0 || lx > view.innerWidth || ly > view.innerHeight) return { error: 'out-of-view', uid, element: describe(el) };
    let hit = el.ownerDocument.elementFromPoint(lx, ly);
    while (hit && hit.shadowRoot && hit.shadowRoot.elementFromPoint) {
      const inner = hit.shadowRoot.elementFromPoint(lx, ly);
      if (!inner || inner === hit) break;
      hit = inner;
    }
    const label = el.labels && Array.from(el.labels).some((l) => l.contains(hit));
    if (hit && hit !== el && !el.contains(hit) && !label && !(hit.getRootNode && hit.getRootNode().host && el.contains(hit.getRootNode().host))) {
      return { error: 'obscured', uid, element: describe(el), covering: describe(hit), coveringUid: uidOf(hit) };
    }
    const o = frameOffset(el);
    return { uid, x: lx + o.x, y: ly + o.y, element: describe(el) };
  }
  const fire = (el, type) => el.dispatchEvent(new Event(type, { bubbles: true }));
  function prepareFill() {
    const picked = pick();
    if (!picked.el) return picked;
    const el = picked.el;
    const uid = uidOf(el);
    el.scrollIntoView({ block: 'center', behavior: 'instant' });
    if (el.matches(':disabled') || el.getAttribute('aria-disabled') === 'true') return { error: 'disabled', uid, element: describe(el) };
    if (!isVisible(el) && el.tagName !== 'SELECT') return { error: 'not-visible', uid, element: describe(el) };
    if (el.readOnly) return { error: 'readonly', uid, element: describe(el) };
    // Typing goes to whatever has focus: make sure that is this element.
    const focused = () => { let a = el.ownerDocument.activeElement; while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement; return a === el; };
    const tag = el.tagName;
    const type = (el.getAttribute('type') || '').toLowerCase();
    const value = args.value === undefined ? '' : String(args.value);
    if (tag === 'SELECT') {
      const options = Array.from(el.options);
      const whole = options.filter((o) => o.value === value || clean(o.textContent, 200) === value.trim());
      const wanted = whole.length || !el.multiple ? [value.trim()] : value.split(',').map((v) => v.trim());
      const chosen = options.filter((o) => wanted.includes(o.value) || wanted.includes(clean(o.textContent, 200)));
      if (!chosen.length) return { error: 'no-option', uid, options: options.map((o) => clean(o.textContent, 60)) };
      options.forEach((o) => { o.selected = chosen.includes(o); });
      fire(el, 'input'); fire(el, 'change');
      return { uid, kind: 'select', value: chosen.map((o) => clean(o.textContent, 60)).join(',') };
    }
    if (type === 'checkbox' || type === 'radio' || el.getAttribute('role') === 'checkbox' || el.getAttribute('role') === 'switch') {
      const want = !['false', '0', 'off', 'no', 'unchecked'].includes(value.toLowerCase());
      const now = el.checked !== undefined ? el.checked : el.getAttribute('aria-checked') === 'true';
      if (!want && now && type === 'radio') return { error: 'radio-uncheck', uid, element: describe(el) };
      return { uid, kind: 'toggle', needsClick: want !== now, checked: now };
    }
    if (type === 'file') return { error: 'file-input', uid };
    if (tag === 'INPUT' || tag === 'TEXTAREA') {
      el.focus();
      if (!focused()) return { error: 'not-focusable', uid, element: describe(el) };
      if (['date', 'time', 'datetime-local', 'month', 'week', 'color', 'range'].includes(type)) {
        const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value').set;
        setter.call(el, value); fire(el, 'input'); fire(el, 'change');
        return { uid, kind: 'set' };
      }
      el.select();
      return { uid, kind: 'type', empty: el.value === '' };
    }
    if (el.isContentEditable) {
      el.focus();
      if (!focused()) return { error: 'not-focusable', uid, element: describe(el) };
      const range = el.ownerDocument.createRange(); range.selectNodeContents(el);
      const sel = el.ownerDocument.getSelection(); sel.removeAllRanges(); sel.addRange(range);
      return { uid, kind: 'type' };
    }
    return { error: 'not-fillable', uid, element: describe(el) };
  }
  function inspect() {
    const picked = pick();
    if (!picked.el) return picked;
    const el = picked.el;
    const role = roleOf(el);
    const attributes = {};
    for (const a of el.attributes) attributes[a.name] = a.value.length > 200 ? a.value.slice(0, 199) + '…' : a.value;
    const s = getComputedStyle(el);
    return { uid: uidOf(el), tag: el.tagName.toLowerCase(), role: role === 'generic-clickable' ? 'clickable' : role, name: role ? nameOf(el, role) : '',
      attributes, box: boxOf(el), visible: isVisible(el), enabled: !el.disabled, editable: el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName),
      states: statesOf(el, role), display: s.display, text: clean(el.innerText || '', 200) };
  }
  function find() {
    const wanted = (args.text || '').toLowerCase();
    const out = [];
    for (const el of document.querySelectorAll('*')) {
      if (out.length >= (args.limit || 20)) break;
      const role = roleOf(el);
      if (!role || !isVisible(el)) continue;
      const name = nameOf(el, role);
      if (name.toLowerCase().includes(wanted) || (el.value && String(el.value).toLowerCase().includes(wanted))) {
        out.push({ uid: uidOf(el), role: role === 'generic-clickable' ? 'clickable' : role, name });
      }
    }
    return { matches: out };
  }
  function targets() {
    const out = [];
    for (const el of document.querySelectorAll('a[href],button,input:not([type=hidden]),textarea,select,summary,[role],[onclick],[contenteditable=true],[tabindex]')) {
      const role = roleOf(el);
      if (!role || !(ACTIONABLE.has(role) || role === 'generic-clickable')) continue;
      const visible = isVisible(el);
      let selector = el.id ? '#' + CSS.escape(el.id) : el.tagName.toLowerCase() + (el.getAttribute('name') ? '[name="' + CSS.escape(el.getAttribute('name')) + '"]' : '');
      out.push({ uid: uidOf(el), role: role === 'generic-clickable' ? 'clickable' : role, name: nameOf(el, role), bbox: boxOf(el), visible,
        enabled: !el.disabled, editable: ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName) || el.isContentEditable, selector });
    }
    return { targets: out };
  }
  function state() {
    const active = document.activeElement && document.activeElement !== document.body ? document.activeElement : null;
    return { url: location.href, title: document.title, timeOrigin: performance.timeOrigin, viewport: { width: innerWidth, height: innerHeight, deviceScaleFactor: devicePixelRatio },
      scroll: { x: scrollX, y: scrollY, maxY: Math.max(0, document.documentElement.scrollHeight - innerHeight) },
      activeElement: active ? { uid: uidOf(active), element: describe(active) } : null, loading: document.readyState !== 'complete',
      readyState: document.readyState, msSinceMutation: Date.now() - R.lastMutation };
  }
  function settle() {
    // Resolves when the DOM has been quiet for `quiet` ms, or after `cap` ms.
    const started = Date.now();
    return new Promise((resolve) => {
      const check = () => {
        const quiet = Date.now() - R.lastMutation;
        if (quiet >= args.quiet || Date.now() - started >= args.cap) resolve({ waitedMs: Date.now() - started, quietMs: quiet });
        else setTimeout(check, Math.min(25, args.quiet - quiet + 1));
      };
      check();
    });
  }
  function readText() {
    if (args.uid || args.selector) { const picked = pick(); if (!picked.el) return picked; return { text: picked.el.innerText || picked.el.textContent || '' }; }
    return { text: document.body ? document.body.innerText : '' };
  }
  function readHtml() {
    if (args.uid || args.selector) { const picked = pick(); if (!picked.el) return picked; return { html: picked.el.outerHTML }; }
    return { html: document.documentElement.outerHTML };
  }
  function scrollIntoView() {
    const picked = pick();
    if (!picked.el) return picked;
    picked.el.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
    return { uid: uidOf(picked.el), box: boxOf(picked.el), scroll: { x: scrollX, y: scrollY } };
  }
  function focus() {
    const picked = pick();
    if (!picked.el) return picked;
    picked.el.focus();
    return { uid: uidOf(picked.el), focused: document.activeElement === picked.el };
  }
  function clear() {
    const picked = pick();
    if (!picked.el) return picked;
    const el = picked.el;
    if (el.isContentEditable) { el.innerHTML = ''; fire(el, 'input'); return { uid: uidOf(el) }; }
    if (!('value' in el)) return { error: 'not-fillable', uid: uidOf(el), element: describe(el) };
    el.focus();
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value');
    if (setter && setter.set) setter.set.call(el, ''); else el.value = '';
    fire(el, 'input'); fire(el, 'change');
    return { uid: uidOf(el) };
  }
  function waitCheck() {
    if (args.texts) {
      const body = document.body ? document.body.innerText : '';
      const found = args.texts.find((t) => body.includes(t));
      return found === undefined ? { done: false } : { done: true, found };
    }
    if (args.selector) {
      let el = null;
      try { el = document.querySelector(args.selector); } catch (e) { return { error: 'invalid-selector', message: String(e.message || e) }; }
      const visible = !!el && isVisible(el) && el.getClientRects().length > 0;
      const done = args.state === 'attached' ? !!el : args.state === 'hidden' ? !visible : visible;
      return { done, uid: el ? uidOf(el) : null };
    }
    return { done: true };
  }
  function frameOwnerUid() { return { uid: uidOf(this) }; }
  const commands = { snapshot, actionPoint, prepareFill, inspect, find, targets, state, settle, readText, readHtml, scrollIntoView, focus, clear,
    waitCheck, box: () => {
      const p = pick();
      if (!p.el) return p;
      const b = boxOf(p.el); const st = getComputedStyle(p.el);
      return { uid: uidOf(p.el), box: b, content: { x: b.x + p.el.clientLeft + parseFloat(st.paddingLeft || 0), y: b.y + p.el.clientTop + parseFloat(st.paddingTop || 0) } };
    }, frameOwnerUid,
    next: () => ({ next: R.next }) };
  const result = commands[command].call(this, args);
  if (result && typeof result === 'object' && typeof result.then !== 'function') result.__next = R.next;
  return result;
})
