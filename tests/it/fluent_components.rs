//! Controls drawn as Microsoft's Fluent UI web components (`@fluentui/web-components` 3.1) draw
//! theirs: custom elements whose role and state their script gives through ElementInternals
//! (`internals.role`, `internals.ariaChecked`, a custom state `:state(checked)`), which no
//! attribute tells — Chromium's tree has them as checkboxes, radios and buttons.

use cdt_e2e::{evaluated, opened, snapshot, uid_of};

const PAGE: &str = r#"<x-check tabindex=0 aria-label="Send me news"></x-check>
<x-radios tabindex=0 aria-label=Plan><x-radio tabindex=0 value=free aria-label=Free checked></x-radio><x-radio tabindex=-1 value=pro aria-label=Pro></x-radio></x-radios>
<x-press tabindex=0 aria-label=Save onclick="out.textContent = 'saved'"></x-press>
<x-sizes aria-label=Size><x-radio tabindex=0 value=small aria-label=Small></x-radio><x-radio tabindex=-1 value=large aria-label=Large></x-radio></x-sizes>
<p id=out>none</p>
<style>x-sizes { cursor: pointer; display: block }</style>
<script>
// Each element's role and state are its internals' (and a custom state for its styles).
class Internal extends HTMLElement {
  constructor(role) {
    super();
    this.internals = this.attachInternals();
    this.internals.role = role;
    const root = this.attachShadow({ mode: 'open' });
    root.innerHTML = '<span style="display: inline-block; width: 16px; height: 16px; border: 1px solid"></span><slot></slot>';
  }
  set checked(on) {
    this.internals.ariaChecked = String(on);
    if (on) this.internals.states.add('checked'); else this.internals.states.delete('checked');
  }
  get checked() { return this.internals.states.has('checked'); }
}
customElements.define('x-check', class extends Internal {
  constructor() {
    super('checkbox');
    this.checked = false;
    this.addEventListener('click', () => { this.checked = !this.checked; out.textContent = 'news ' + this.checked; });
  }
});
customElements.define('x-radios', class extends Internal { constructor() { super('radiogroup'); } });
customElements.define('x-radio', class extends Internal {
  constructor() {
    super('radio');
    this.checked = this.hasAttribute('checked');
    this.addEventListener('click', () => {
      for (const radio of this.parentElement.children) radio.checked = radio === this;
      out.textContent = 'plan ' + this.getAttribute('value');
    });
  }
});
// A group that takes no focus of its own (it passes it to its radios) and shows a hand, as
// Fluent's `fluent-radio-group`.
customElements.define('x-sizes', class extends Internal { constructor() { super('radiogroup'); } });
customElements.define('x-press', class extends Internal { constructor() { super('button'); } });
</script>"#;

fn out(env: &cdt_e2e::TestEnv) -> serde_json::Value {
    evaluated(env, "f", "out.textContent")
}

/// Custom elements of a role and state their script gives through ElementInternals show that
/// role and state, as in Chromium's tree (they were bare `clickable`s, no state), and take the
/// actions of their role: `check` checks once (a second is "checked already"; it said "not a
/// field"), `select` on the group checks the radio of that name (it said "not a field"), a
/// group that takes no focus of its own included.
#[test]
fn custom_elements_of_an_internal_role_show_it_and_take_its_actions() {
    let (_server, env, snap) = opened("Fluent", PAGE, "f");
    assert!(!snap.contains("clickable"), "{snap}");
    let news = uid_of(&snap, "checkbox \"Send me news\"");
    let plan = uid_of(&snap, "radiogroup \"Plan\"");
    assert!(snap.contains("radio \"Free\" checked"), "{snap}");
    uid_of(&snap, "button \"Save\"");
    env.ctx("f", &["element", "check", &news]).ok();
    assert_eq!(out(&env), "news true");
    let again = env.ctx("f", &["element", "check", &news]);
    assert!(again.stdout.contains("already"), "{}", again.stdout);
    assert_eq!(out(&env), "news true");
    let after = snapshot(&env, "f");
    let line = after
        .lines()
        .find(|l| l.starts_with(&format!("{news} ")))
        .unwrap_or_default();
    assert!(line.ends_with(" checked"), "{after}");
    env.ctx("f", &["element", "select", &plan, "Pro"]).ok();
    assert_eq!(out(&env), "plan pro");
    // The group with no focus of its own: its role, asked because it takes clicks by its hand
    // (it was a bare `clickable "Size"`).
    let size = uid_of(&snap, "radiogroup \"Size\"");
    env.ctx("f", &["element", "select", &size, "Large"]).ok();
    assert_eq!(out(&env), "plan large");
}
