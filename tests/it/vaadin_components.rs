//! Fields and a grid drawn as Vaadin's web components (`@vaadin/*` 24.10) draw theirs: a date
//! field (a combobox that opens a calendar, `aria-haspopup=dialog`) whose calendar opens as it
//! is typed into and takes the date only on Enter, holding the page's pointer while open; a
//! time field one does not type into (`inputmode=none`) whose list of 48 half hours draws only
//! the ten in view; a grid's header cell whose sorter holds its words at one side; a dialog whose
//! focusable frame shows, through a slot, what its page rendered into it.

use cdt_e2e::{evaluated, opened, uid_of};

const PAGE: &str = r#"<label for=start>Start date</label>
<input id=start role=combobox aria-haspopup=dialog aria-expanded=false autocomplete=off>
<div id=calendar role=dialog aria-label=Calendar hidden style="position: fixed; top: 60px; left: 10px; background: white">December 2026</div>
<label for=at>Time</label>
<input id=at role=combobox aria-expanded=false aria-controls=times inputmode=none autocomplete=off readonly>
<div id=pop hidden style="position: fixed; top: 100px; left: 200px; background: white">
  <div id=times role=listbox style="height: 300px; width: 120px; overflow-y: auto; position: relative"><div id=spacer></div></div>
</div>
<table style="width: 600px"><tr><th role=columnheader style="width: 400px; text-align: left"><x-sorter>Age</x-sorter></th></tr></table>
<button onclick="out.textContent = 'clicked'">Other</button>
<x-dialog><p>Delete everything?</p><button>Yes, delete</button> <button>Cancel</button></x-dialog>
<p id=out>none</p>
<script>
// The date field: its calendar opens as it is typed into; Enter takes the date and closes it;
// while it is open the page takes no pointer (Vaadin's overlay).
start.committed = '';
const calendar = (open) => {
  document.getElementById('calendar').hidden = !open;
  start.setAttribute('aria-expanded', String(open));
  document.body.style.pointerEvents = open ? 'none' : '';
};
start.addEventListener('input', () => calendar(true));
start.addEventListener('keydown', (e) => {
  if (e.key === 'Enter') { start.committed = start.value; out.textContent = 'date ' + start.value; calendar(false); }
  if (e.key === 'Escape') { start.value = start.committed; calendar(false); }
});
// The time field: a list of 48 half hours, 30 px each, drawing only those in view.
const times = Array.from({ length: 48 }, (_, i) => String(Math.floor(i / 2)).padStart(2, '0') + (i % 2 ? ':30' : ':00'));
const list = document.getElementById('times');
document.getElementById('spacer').style.height = times.length * 30 + 'px';
const draw = () => {
  for (const old of list.querySelectorAll('[role=option]')) old.remove();
  const first = Math.floor(list.scrollTop / 30);
  for (let i = first; i < Math.min(times.length, first + 10); i++) {
    const option = document.createElement('div');
    option.setAttribute('role', 'option');
    option.textContent = times[i];
    option.style.cssText = 'position: absolute; height: 30px; top: ' + i * 30 + 'px';
    option.addEventListener('click', () => { at.value = times[i]; out.textContent = 'time ' + times[i]; pop.hidden = true; at.setAttribute('aria-expanded', 'false'); });
    list.appendChild(option);
  }
};
list.addEventListener('scroll', () => requestAnimationFrame(draw));
at.addEventListener('click', () => {
  pop.hidden = false;
  at.setAttribute('aria-expanded', 'true');
  // (It opens at the time it holds.)
  list.scrollTop = Math.max(0, times.indexOf(at.value)) * 30;
  draw();
});
// A dialog whose focusable frame, in its shadow tree, shows what the page rendered into it.
customElements.define('x-dialog', class extends HTMLElement {
  connectedCallback() {
    if (this.shadowRoot) return;
    this.attachShadow({ mode: 'open' }).innerHTML = '<div role=dialog aria-label=Confirm><div tabindex=0><slot></slot></div></div>';
  }
});
customElements.define('x-sorter', class extends HTMLElement {
  connectedCallback() {
    if (this.shadowRoot) return;
    this.attachShadow({ mode: 'open' }).innerHTML = '<span style="cursor: pointer"><slot></slot></span><span part=indicator></span>';
    this.addEventListener('click', () => { out.textContent = 'sorted'; this.closest('th').setAttribute('aria-sort', 'ascending'); });
  }
});
</script>"#;

fn out(env: &cdt_e2e::TestEnv) -> serde_json::Value {
    evaluated(env, "v", "out.textContent")
}

/// A date typed into a field whose calendar opened as it was typed into is taken, by Enter, as
/// a user ends it: the calendar closes and the page takes the pointer again (it was left open,
/// the date untaken, and every press after it landed on the page's root).
#[test]
fn a_date_typed_into_a_field_whose_calendar_opened_is_taken() {
    let (_server, env, snap) = opened("Vaadin", PAGE, "v");
    let start = uid_of(&snap, "combobox \"Start date\"");
    env.ctx("v", &["element", "fill", &start, "12/24/2026"])
        .ok();
    assert_eq!(out(&env), "date 12/24/2026");
    env.ctx("v", &["element", "click", "--text", "Other"]).ok();
    assert_eq!(out(&env), "clicked");
}

/// An option a long list has not drawn yet is found by scrolling the list a page at a time, to
/// its end and then from its start (it was "no option", naming the ten drawn).
#[test]
fn an_option_a_long_list_draws_only_in_view_is_found_by_scrolling_it() {
    let (_server, env, snap) = opened("Vaadin", PAGE, "v");
    let time = uid_of(&snap, "combobox \"Time\"");
    env.ctx("v", &["element", "select", &time, "22:00"]).ok();
    assert_eq!(out(&env), "time 22:00");
    // (It opens at 22:00 now: 01:30 is before it.)
    env.ctx("v", &["element", "select", &time, "01:30"]).ok();
    assert_eq!(out(&env), "time 01:30");
    let missing = env.ctx("v", &["element", "select", &time, "25:00"]);
    missing.err("ELEMENT_NOT_FOUND", 3);
}

/// `--text` presses the words it names, as a user presses what they read: a wide header cell
/// whose sorter holds its words at its left sorts (its middle, empty, only took the focus).
#[test]
fn a_text_target_is_pressed_on_its_words() {
    let (_server, env, _snap) = opened("Vaadin", PAGE, "v");
    env.ctx("v", &["element", "click", "--text", "Age"]).ok();
    assert_eq!(out(&env), "sorted");
}

/// A focusable frame that shows controls through a slot is not named by their words: its text
/// and its buttons are lines of their own (it was `clickable "Delete everything? Yes, delete
/// Cancel"` over the buttons).
#[test]
fn a_frame_that_shows_controls_through_a_slot_is_not_named_by_them() {
    let (_server, _env, snap) = opened("Vaadin", PAGE, "v");
    assert!(snap.contains("text \"Delete everything?\""), "{snap}");
    assert!(!snap.contains("clickable \"Delete"), "{snap}");
    uid_of(&snap, "button \"Yes, delete\"");
}
