//! Controls a page draws with web components, as Carbon's (`@carbon/web-components`) draw
//! theirs: a radio group whose fieldset lives in the group's shadow tree and shows, through a
//! slot, radio elements that each keep their input in a shadow tree of their own; a modal kept
//! hidden (`visibility: hidden` on its host) whose words are slotted into its shadow tree; a
//! button element with an `onclick` around the one `<button>` its shadow tree draws; and a
//! number field its page gives the role `alert`.

use cdt_e2e::{opened, snapshot, uid_of};

const PAGE: &str = "<x-radio-group legend=Plan><x-radio label=Free value=free></x-radio><x-radio label=Pro value=pro></x-radio></x-radio-group>
<x-button onclick=\"modal.style.visibility = 'visible'\" style='cursor: pointer'>Delete</x-button>
<x-modal id=modal style='visibility: hidden'><x-heading>Delete project?</x-heading><p>This removes it.</p></x-modal>
<input type=number role=alert aria-label=Quantity value=1>
<p id=out>none</p>
<script>
// (Each element draws its shadow tree once, as it is connected.)
const drawn = (el, html) => {
  if (el.shadowRoot) return null;
  const root = el.attachShadow({ mode: 'open' });
  root.innerHTML = html;
  return root;
};
customElements.define('x-radio-group', class extends HTMLElement {
  connectedCallback() {
    const root = drawn(this, '<fieldset><legend></legend><div><slot></slot></div></fieldset>');
    if (!root) return;
    root.querySelector('legend').textContent = this.getAttribute('legend');
    this.addEventListener('change', (e) => {
      for (const radio of this.querySelectorAll('x-radio')) if (radio !== e.target) radio.shadowRoot.querySelector('input').checked = false;
      out.textContent = e.target.getAttribute('value');
    });
  }
});
customElements.define('x-radio', class extends HTMLElement {
  connectedCallback() {
    const root = drawn(this, '<input type=radio id=r><label for=r></label>');
    if (!root) return;
    root.querySelector('label').textContent = this.getAttribute('label');
    root.querySelector('input').addEventListener('change', () => this.dispatchEvent(new Event('change', { bubbles: true })));
  }
});
customElements.define('x-button', class extends HTMLElement { connectedCallback() { drawn(this, '<button><slot></slot></button>'); } });
customElements.define('x-modal', class extends HTMLElement { connectedCallback() { drawn(this, '<div role=dialog aria-label=Delete><slot></slot></div>'); } });
customElements.define('x-heading', class extends HTMLElement { connectedCallback() { drawn(this, '<h2><slot></slot></h2>'); } });
</script>";

/// The group's radio of a name is checked by `select` on the group, through the shadow trees
/// and the slot that show them (it said the group "is not a field"); a word it lacks names its
/// radios.
#[test]
fn a_radio_group_drawn_through_shadow_trees_takes_select() {
    let (_server, env, snap) = opened("Web components", PAGE, "w");
    let group = uid_of(&snap, "group \"Plan\"");
    env.ctx("w", &["element", "select", &group, "Pro"]).ok();
    let out = env
        .ctx("w", &["runtime", "eval", "out.textContent"])
        .ok()
        .clone();
    assert_eq!(out["value"], "pro");
    let missing = env.ctx("w", &["element", "select", &group, "Gold"]);
    let error = missing.err("ELEMENT_NOT_FOUND", 3);
    assert_eq!(
        error["details"]["options"],
        serde_json::json!(["Free", "Pro"]),
        "{error}"
    );
}

/// A modal kept hidden shows none of the words slotted into it (they showed as a text line);
/// a button element with an `onclick` around its shadow tree's one `<button>` is that button,
/// one line (it was `clickable "Delete"` over `button "Delete"`), and its press opens the modal;
/// a text field its page gives another role shows its value (a fill of it said nothing changed).
#[test]
fn web_components_show_what_they_draw_and_no_more() {
    let (_server, env, snap) = opened("Web components", PAGE, "w");
    assert!(!snap.contains("Delete project?"), "{snap}");
    assert!(!snap.contains("clickable"), "{snap}");
    let button = uid_of(&snap, "button \"Delete\"");
    let quantity = uid_of(&snap, "alert \"Quantity\"");
    assert!(
        snap.contains(&format!("{quantity} alert \"Quantity\" value=\"1\"")),
        "{snap}"
    );
    env.ctx("w", &["element", "click", &button]).ok();
    let open = snapshot(&env, "w");
    assert!(open.contains("Delete project?"), "{open}");
    let filled = env.ctx("w", &["element", "fill", &quantity, "5"]);
    assert!(
        filled.stdout.contains("value=\\\"5\\\""),
        "{}",
        filled.stdout
    );
}
