//! Controls drawn as Ionic's web components draw theirs (`@ionic/core` 8, driven in the
//! twenty-eighth session): an item around a select whose shadow tree wraps its label's words and
//! a button named by `aria-label`; a switch host whose shadow tree draws a `<label>` for a
//! hidden checkbox; an item drawn as a button, its words taking the button's hand; a select
//! whose options come in a dialog — radios then OK (an alert), radios that close it (an action
//! sheet), checkboxes then OK (several); radios that are custom elements of role `radio`, with a
//! hidden input beside them; a slider of a thousand steps that draws its new value a frame after
//! the key; a time picker's wheels, sliders that show their values as buttons; a segment's
//! `tab` kept from the pointer inside the host that takes its clicks; a loading overlay over the
//! whole page.

use cdt_e2e::{evaluated, opened, snapshot, uid_of};
use serde_json::json;

const PAGE: &str = concat!(
    r#"<x-item style="cursor: pointer"><x-select id=fruit label=Fruit placeholder="Pick one" options="Apple,Banana,Cherry"></x-select></x-item>
<x-item style="cursor: pointer"><x-select id=size label=Size placeholder="Pick a size" options="Small,Medium,Large" kind=sheet></x-select></x-item>
<x-item style="cursor: pointer"><x-select id=toppings label=Toppings placeholder="Any" options="Cheese,Ham,Olives" kind=several></x-select></x-item>
<x-item style="cursor: pointer"><x-select id=color label=Color placeholder="Pick a color" options="Red,Blue" kind=modal></x-select></x-item>
<x-toggle id=notify role=switch aria-checked=false tabindex=0>Notifications</x-toggle>
<x-item button id=outbox onclick="out.textContent = 'outbox'"><span>Outbox</span></x-item>
<x-radios id=plan role=radiogroup aria-label=Plan><input type=hidden value=free><x-radio role=radio aria-checked=true tabindex=0 value=free>Free</x-radio><x-radio role=radio aria-checked=false tabindex=-1 value=pro>Pro</x-radio></x-radios>
<x-range id=volume></x-range>
<div role=tablist><x-segment value=list>List</x-segment><x-segment value=grid>Grid</x-segment></div>
<x-wheel id=minutes label=Minute values="00,05,10,15"></x-wheel><x-wheel id=period label="Day period" values="AM,PM"></x-wheel>
<button onclick="loading(700)">Load</button> <button onclick="loading(0)">Load forever</button> <button onclick="out.textContent = 'next'">Next</button>
<p id=out>none</p>
<script>
"#,
    cdt_e2e::drawn_js!(),
    r#"customElements.define('x-item', class extends HTMLElement {
  connectedCallback() {
    // (Drawn as a button, its words in a box that takes the hand.)
    drawn(this, this.hasAttribute('button') ? '<button type=button><div style="cursor: pointer"><slot></slot></div></button>' : '<div><slot></slot></div>');
  }
});
customElements.define('x-select', class extends HTMLElement {
  connectedCallback() {
    const root = drawn(this, '<label><div class=label></div><div><div aria-hidden=true class=shown></div><button aria-haspopup=dialog aria-expanded=false></button></div></label>');
    if (!root) return;
    this.value = [];
    root.querySelector('.label').textContent = this.getAttribute('label');
    this.show();
    root.querySelector('button').addEventListener('click', () => this.open());
  }
  show() {
    const words = this.value.length ? this.value.join(', ') : this.getAttribute('placeholder');
    this.shadowRoot.querySelector('.shown').textContent = words;
    this.shadowRoot.querySelector('button').setAttribute('aria-label', this.getAttribute('label') + ', ' + words);
  }
  open() {
    const kind = this.getAttribute('kind');
    const several = kind === 'several';
    const layer = document.createElement('div');
    layer.style.cssText = 'position: fixed; inset: 0; background: rgba(0, 0, 0, 0.3)';
    const box = document.createElement('div');
    box.setAttribute('role', kind === 'sheet' || kind === 'modal' ? 'dialog' : 'alertdialog');
    box.setAttribute('aria-modal', 'true');
    box.setAttribute('aria-label', this.getAttribute('label'));
    box.style.cssText = 'position: absolute; left: 40px; top: 40px; background: white; padding: 8px';
    const group = document.createElement('div');
    if (!several) group.setAttribute('role', 'radiogroup');
    const picked = new Set(this.value);
    for (const option of this.getAttribute('options').split(',')) {
      const b = document.createElement('button');
      b.setAttribute('role', several ? 'checkbox' : 'radio');
      b.setAttribute('aria-checked', String(picked.has(option)));
      b.textContent = option;
      b.addEventListener('click', () => {
        if (!several) picked.clear();
        if (picked.has(option)) picked.delete(option); else picked.add(option);
        for (const other of group.children) other.setAttribute('aria-checked', String(picked.has(other.textContent)));
        // (An action sheet takes the option at once; a modal starts to close 250 ms later.)
        if (kind === 'sheet') this.close(layer, picked);
        if (kind === 'modal') setTimeout(() => this.close(layer, picked), 250);
      });
      group.appendChild(b);
    }
    box.appendChild(group);
    if (kind !== 'sheet') {
      for (const [words, keep] of kind === 'modal' ? [['Cancel', false]] : [['Cancel', false], ['OK', true]]) {
        const b = document.createElement('button');
        b.textContent = words;
        b.addEventListener('click', () => this.close(layer, keep ? picked : null));
        box.appendChild(b);
      }
    }
    layer.appendChild(box);
    document.body.appendChild(layer);
    this.shadowRoot.querySelector('button').setAttribute('aria-expanded', 'true');
    // (Its options are pressed a moment after it opens, as the page's animation ends.)
    box.animate([{ transform: 'translateY(40px)' }, { transform: 'none' }], 200);
  }
  close(layer, picked) {
    if (picked) this.value = [...picked];
    layer.remove();
    this.shadowRoot.querySelector('button').setAttribute('aria-expanded', 'false');
    this.show();
  }
});
customElements.define('x-toggle', class extends HTMLElement {
  connectedCallback() {
    drawn(this, '<label for=t><input type=checkbox id=t style="display: none"><div><slot></slot></div></label>');
    this.addEventListener('click', () => this.setAttribute('aria-checked', String(this.getAttribute('aria-checked') !== 'true')));
  }
});
customElements.define('x-radio', class extends HTMLElement {
  connectedCallback() {
    drawn(this, '<style>:host { display: block }</style><div><slot></slot></div>');
    this.addEventListener('click', () => {
      for (const radio of this.parentElement.querySelectorAll('x-radio')) radio.setAttribute('aria-checked', String(radio === this));
      this.parentElement.querySelector('input').value = this.getAttribute('value');
    });
  }
});
customElements.define('x-range', class extends HTMLElement {
  connectedCallback() {
    const root = drawn(this, '<div role=slider tabindex=0 aria-label=Volume aria-valuemin=0 aria-valuemax=1000 aria-valuenow=20 style="width: 200px; height: 20px"></div>');
    if (!root) return;
    this.value = 20;
    const knob = root.querySelector('div');
    knob.addEventListener('keydown', (e) => {
      const step = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1 }[e.key];
      if (!step) return;
      e.preventDefault();
      this.value = Math.min(1000, Math.max(0, this.value + step));
      // (Drawn at the next frame, as a page that renders its state later draws it.)
      requestAnimationFrame(() => requestAnimationFrame(() => knob.setAttribute('aria-valuenow', String(this.value))));
    });
  }
});
customElements.define('x-segment', class extends HTMLElement {
  connectedCallback() {
    const root = drawn(this, '<button role=tab aria-selected=false style="pointer-events: none"><slot></slot></button>');
    if (!root) return;
    this.style.cssText = 'display: inline-block; cursor: pointer; padding: 4px';
    this.addEventListener('click', () => {
      for (const s of this.parentElement.children) s.shadowRoot.querySelector('button').setAttribute('aria-selected', String(s === this));
      out.textContent = this.getAttribute('value');
    });
  }
});
// A loading overlay over the whole page, gone after `ms` (0: never), as Ionic's.
function loading(ms) {
  const cover = document.createElement('div');
  cover.setAttribute('role', 'dialog');
  cover.setAttribute('aria-modal', 'true');
  cover.style.cssText = 'position: fixed; inset: 0; background: rgba(0, 0, 0, 0.3)';
  cover.innerHTML = '<div style="margin: 40px; background: white">Loading…</div>';
  document.body.appendChild(cover);
  if (ms) setTimeout(() => cover.remove(), ms);
}
// (Its options are defined first: a wheel draws them as it is connected.)
customElements.define('x-option', class extends HTMLElement { connectedCallback() { drawn(this, '<button></button>'); } });
customElements.define('x-wheel', class extends HTMLElement {
  connectedCallback() {
    const root = drawn(this, '<style>:host { display: inline-block }</style><div role=slider tabindex=0 aria-valuemin=0 aria-valuenow=0><slot></slot></div>');
    if (!root) return;
    const values = this.getAttribute('values').split(',');
    const wheel = root.querySelector('div');
    wheel.setAttribute('aria-label', this.getAttribute('label'));
    wheel.setAttribute('aria-valuemax', String(values.length - 1));
    this.value = values[0];
    wheel.setAttribute('aria-valuetext', this.value);
    values.forEach((value, at) => {
      const option = document.createElement('x-option');
      this.appendChild(option);
      option.shadowRoot.querySelector('button').textContent = value;
      option.addEventListener('click', () => {
        this.value = value;
        wheel.setAttribute('aria-valuenow', String(at));
        wheel.setAttribute('aria-valuetext', value);
      });
    });
  }
});
</script>"#
);

fn eval(env: &cdt_e2e::TestEnv, expression: &str) -> serde_json::Value {
    evaluated(env, "m", expression)
}

/// Each control a host draws is one line, as in Chromium's tree: the item around a select is
/// the select's button (it was `clickable "Fruit Fruit, Pick one"` over the button); the switch
/// is one line (its shadow tree's label was a `clickable` under it); the item drawn as a button
/// is that button (a bare `clickable` held it), and `--text` takes the button, not the box of
/// its own that holds the words, with no warning that another matched.
#[test]
fn controls_a_host_draws_in_its_shadow_tree_are_one_line_each() {
    let (_server, env, snap) = opened("Mobile components", PAGE, "m");
    assert!(!snap.contains("clickable"), "{snap}");
    assert!(!snap.contains("text \"Fruit\""), "{snap}");
    uid_of(&snap, "button \"Fruit, Pick one\"");
    uid_of(&snap, "switch \"Notifications\"");
    let outbox = uid_of(&snap, "button \"Outbox\"");
    let clicked = env.ctx("m", &["element", "click", "--text", "Outbox"]);
    let reply = clicked.ok().clone();
    assert_eq!(reply["uid"], outbox, "{reply}");
    assert!(
        !clicked.stdout.contains("AMBIGUOUS_TARGET"),
        "{}",
        clicked.stdout
    );
    assert_eq!(eval(&env, "out.textContent"), "outbox");
}

/// `select` on a select whose options come in a dialog chooses as a user does: a radio then OK
/// (the alert waited, open, with the radio checked and nothing chosen), a radio of an action
/// sheet (no list of role `listbox` showed: "no option"), checkboxes then OK for several. A
/// modal of radios that closes a moment after the press (Ionic's select modal) is waited for:
/// the reply shows the page it left (it showed the modal still open, the radio checked).
#[test]
fn a_select_whose_options_come_in_a_dialog_is_chosen_from_and_confirmed() {
    let (_server, env, snap) = opened("Mobile components", PAGE, "m");
    for (field, value) in [
        ("Fruit, Pick one", "Banana"),
        ("Size, Pick a size", "Large"),
        ("Toppings, Any", "Cheese,Olives"),
    ] {
        let select = uid_of(&snap, &format!("button \"{field}\""));
        env.ctx("m", &["element", "select", &select, value]).ok();
    }
    let color = uid_of(&snap, "button \"Color, Pick a color\"");
    let chosen = env.ctx(
        "m",
        &["element", "select", &color, "Blue", "--output", "text"],
    );
    assert!(
        chosen.stdout.contains("button \"Color, Blue\"") && !chosen.stdout.contains("dialog"),
        "{}",
        chosen.stdout
    );
    let values = "[fruit, size, toppings, color].map((s) => s.value.join('+')).join(' ')";
    assert_eq!(eval(&env, values), "Banana Large Cheese+Olives Blue");
    let after = snapshot(&env, "m");
    assert!(!after.contains("dialog"), "{after}");
    assert!(
        after.contains("button \"Toppings, Cheese, Olives\""),
        "{after}"
    );
}

/// Radios that are custom elements of role `radio`, beside the hidden input their group keeps,
/// take `select` by name (the group "holds fields"); a slider that draws its new value a frame
/// after each key is moved all the way (it was "none of its keys moves it"), however far by
/// ones; a segment's `tab`,
/// kept from the pointer in the host that takes its clicks, is pressed through that host (it was
/// `TARGET_OBSCURED` by the host).
#[test]
fn custom_radios_a_slider_drawn_late_and_a_segment_take_their_actions() {
    let (_server, env, snap) = opened("Mobile components", PAGE, "m");
    let plan = uid_of(&snap, "radiogroup \"Plan\"");
    env.ctx("m", &["element", "select", &plan, "Pro"]).ok();
    assert_eq!(eval(&env, "plan.querySelector('input').value"), "pro");
    let volume = uid_of(&snap, "slider \"Volume\"");
    env.ctx("m", &["element", "fill", &volume, "27"]).ok();
    assert_eq!(eval(&env, "volume.value"), json!(27));
    // (A long way by ones: keys pressed in a row, read once after; it stopped 200 keys on, at
    // 227, and answered as if done.)
    env.ctx("m", &["element", "fill", &volume, "730"]).ok();
    assert_eq!(eval(&env, "volume.value"), json!(730));
    let grid = uid_of(&snap, "tab \"Grid\"");
    env.ctx("m", &["element", "click", &grid]).ok();
    assert_eq!(eval(&env, "out.textContent"), "grid");
    assert!(snapshot(&env, "m").contains(&format!("{grid} tab \"Grid\" selected")));
}

/// A wheel's column, a slider that shows its values as buttons (Ionic's time picker: minutes,
/// AM and PM), takes `fill` by the value it shows: that button pressed, as a user taps it (`5`
/// for `05`). It was stepped by keys toward the number as a position (`5` past the end of four
/// minutes), and words were refused ("fill it with a number").
#[test]
fn a_wheel_of_values_takes_fill_by_the_value_it_shows() {
    let (_server, env, snap) = opened("Mobile components", PAGE, "m");
    let minute = uid_of(&snap, "slider \"Minute\"");
    let period = uid_of(&snap, "slider \"Day period\"");
    env.ctx("m", &["element", "fill", &minute, "5"]).ok();
    env.ctx("m", &["element", "fill", &period, "pm"]).ok();
    assert_eq!(eval(&env, "minutes.value + ' ' + period.value"), "05 PM");
    let after = snapshot(&env, "m");
    assert!(
        after.contains(&format!("{minute} slider \"Minute\" value=\"05\"")),
        "{after}"
    );
}

/// A loading overlay over the page (no control in it, "Loading…") is waited for: the click
/// after it lands once it goes (it was `TARGET_OBSCURED`, hinting a click on the overlay); one
/// that stays is told as the page being busy, hinting a wait, not a click on it.
#[test]
fn a_click_under_a_loading_overlay_waits_for_it_to_go() {
    let (_server, env, snap) = opened("Mobile components", PAGE, "m");
    let next = uid_of(&snap, "button \"Next\"");
    env.ctx(
        "m",
        &["element", "click", &uid_of(&snap, "button \"Load\"")],
    )
    .ok();
    env.ctx("m", &["element", "click", &next]).ok();
    assert_eq!(eval(&env, "out.textContent"), "next");
    let forever = uid_of(&snap, "button \"Load forever\"");
    env.ctx("m", &["element", "click", &forever]).ok();
    let covered = env.ctx("m", &["element", "click", &next]);
    let error = covered.err("TARGET_OBSCURED", 5);
    assert_eq!(error["details"]["busy"], true, "{error}");
    assert!(covered.stdout.contains("wait-idle"), "{}", covered.stdout);
}
