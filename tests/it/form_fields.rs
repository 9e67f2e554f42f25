//! Form fields as Angular Material draws them: a select's field, a bare `div` with a hand
//! cursor around the floating label and the `combobox` that label names (`aria-labelledby`);
//! a paginator's select under its touch target, a see-through `div` 48 px high laid over it
//! that opens it on a click; and a tooltip's words kept in a hidden element that describes its
//! button (`aria-describedby`), drawn over it only on hover.

use cdt_e2e::{evaluated, opened, snapshot, uid_of};
use serde_json::json;

const PAGE: &str = "<style>
  .field { cursor: pointer; display: inline-flex; gap: 8px; border: 1px solid; padding: 8px; min-width: 220px }
  .infix { position: relative; display: inline-block; margin: 24px }
  .touch { position: absolute; top: 50%; left: 50%; width: 84px; height: 48px; transform: translate(-50%, -50%); cursor: pointer }
  .sheet { position: absolute; left: 0; top: 0; width: 600px; height: 400px; cursor: pointer }
  .panel { position: absolute; background: white; border: 1px solid; z-index: 3 }
  [role=option] { cursor: pointer; padding: 4px }
</style>
<div class=field id=fruitField><label id=fruitLabel for=fruit>Favorite fruit</label>
  <div role=combobox id=fruit aria-labelledby=fruitLabel aria-haspopup=listbox aria-expanded=false tabindex=0
    style='min-width: 120px; min-height: 20px'></div></div>
<div class=pager><div aria-hidden=true>Items per page:</div>
  <div style='cursor: pointer; display: inline-block'><div class=infix><div role=combobox id=size aria-label='Items per page:' aria-haspopup=listbox aria-expanded=false
    tabindex=0 style='display: inline-block; width: 52px'>3</div><div class=touch id=sizeTouch></div></div></div></div>
<div style='position: relative; margin-top: 40px'><div role=combobox id=sort aria-label=Sort aria-expanded=false tabindex=0
  style='display: inline-block; width: 80px'>Name</div><div class=sheet id=sortSheet></div></div>
<div><button aria-describedby=tipDelete>Delete project</button></div>
<label for=email>Email</label> <input id=email aria-describedby=emailHint><small id=emailHint>We never share it</small>
<button aria-description='Opens in a new window'>Help</button>
<div style='visibility: hidden' aria-hidden=true><div id=tipDelete role=tooltip>Removes the project</div></div>
<script>
function select(box, options, openers) {
  const open = () => {
    if (box.getAttribute('aria-expanded') === 'true') return;
    const list = document.createElement('div');
    list.setAttribute('role', 'listbox');
    list.className = 'panel';
    for (const o of options) {
      const option = document.createElement('div');
      option.setAttribute('role', 'option');
      option.textContent = o;
      option.onclick = (e) => { e.stopPropagation(); box.textContent = o; list.remove(); box.setAttribute('aria-expanded', 'false'); };
      list.append(option);
    }
    const r = box.getBoundingClientRect();
    list.style.left = r.left + scrollX + 'px';
    list.style.top = r.bottom + scrollY + 'px';
    document.body.append(list);
    box.setAttribute('aria-expanded', 'true');
  };
  for (const opener of [box, ...openers]) opener.addEventListener('click', open);
}
addEventListener('keydown', (e) => {
  if (e.key !== 'Escape') return;
  for (const list of document.querySelectorAll('.panel')) list.remove();
  for (const box of document.querySelectorAll('[role=combobox]')) box.setAttribute('aria-expanded', 'false');
});
select(fruit, ['Apple', 'Banana', 'Cherry'], [fruitField]);
select(size, ['3', '5', '10'], [sizeTouch]);
select(sort, ['Name', 'Age'], [sortSheet]);
</script>";

/// The field around a select, which a click anywhere on opens it, is that select: no line of
/// its own, and its label's words (which name the select) no text line (Chromium's tree ignores
/// the field's `div`). Chosen from by the select's uid.
#[test]
fn a_field_around_a_select_and_its_label_is_the_select() {
    let (_server, env, snap) = opened("Fields", PAGE, "f");
    let lines: Vec<&str> = snap.lines().collect();
    assert_eq!(lines[0], "e1 combobox \"Favorite fruit\"", "{snap}");
    assert!(!snap.contains("text \"Favorite fruit\""), "{snap}");
    let fruit = uid_of(&snap, "combobox \"Favorite fruit\"");
    let chosen = env
        .ctx("f", &["element", "select", &fruit, "Banana"])
        .ok()
        .clone();
    assert_eq!(chosen["action"], "select", "{chosen}");
    let value = env
        .ctx("f", &["runtime", "eval", "fruit.textContent"])
        .ok()
        .clone();
    assert_eq!(value["value"], "Banana");
}

/// A select under its touch target (see-through, no words, a hand cursor, a finger's reach
/// past the select at most) is pressed where it shows, as a finger presses it: the press lands
/// on the touch target, which opens it. A see-through cover far larger than the control is
/// still what covers it.
#[test]
fn a_control_under_its_touch_target_is_pressed_through_it() {
    let (_server, env, snap) = opened("Fields", PAGE, "t");
    let size = uid_of(&snap, "combobox \"Items per page:\"");
    let chosen = env
        .ctx("t", &["element", "select", &size, "5"])
        .ok()
        .clone();
    assert_eq!(chosen["action"], "select", "{chosen}");
    let value = env
        .ctx("t", &["runtime", "eval", "size.textContent"])
        .ok()
        .clone();
    assert_eq!(value["value"], "5");
    let opened = env.ctx("t", &["element", "click", &size]).ok().clone();
    assert!(opened.to_string().contains("option \\\"10\\\""), "{opened}");
    env.ctx("t", &["input", "key", "Escape"]).ok();

    let sort = uid_of(&snapshot(&env, "t"), "combobox \"Sort\"");
    let covered = env.ctx("t", &["element", "click", &sort]);
    let error = covered.err("TARGET_OBSCURED", 5).clone();
    assert!(error.to_string().contains("sortSheet"), "{error}");
}

/// Words that describe an element and show nowhere else (a tooltip's, kept hidden for
/// `aria-describedby`; an `aria-description`) are its `description`, as in Chromium's tree; a
/// field's hint shown on the page stays a text line of its own, not repeated.
#[test]
fn a_tooltip_kept_hidden_for_its_button_is_its_description() {
    let (_server, env, snap) = opened("Fields", PAGE, "d");
    let line = |end: &str| snap.lines().any(|l| l.ends_with(end));
    assert!(
        line(" button \"Delete project\" description=\"Removes the project\""),
        "{snap}"
    );
    assert!(
        line(" button \"Help\" description=\"Opens in a new window\""),
        "{snap}"
    );
    assert!(line(" textbox \"Email\""), "{snap}");
    assert!(snap.contains("text \"We never share it\""), "{snap}");
    // The words are read again at each snapshot: a tooltip's new words are its new description.
    env.ctx(
        "d",
        &[
            "runtime",
            "eval",
            "tipDelete.textContent = 'Removes it for good'",
        ],
    )
    .ok();
    let diff = env
        .ctx("d", &["capture", "snapshot", "--diff"])
        .ok()
        .clone();
    assert!(
        diff.to_string()
            .contains("description=\\\"Removes it for good\\\""),
        "{diff}"
    );
}

/// An option the page shows but disables (its own `disabled`, or its group's; `aria-disabled`
/// on a list the page draws, Angular Material's disabled `mat-optgroup`) is not chosen: a user
/// cannot. The error says it is disabled (`TARGET_NOT_INTERACTABLE`), not that it is missing,
/// and the choice stays as it was.
#[test]
fn a_disabled_option_is_told_disabled_not_missing() {
    let (_server, env, snap) = opened(
        "Options",
        "<label for=fire>Type</label> <select id=fire><option>Grass</option><option disabled>Water</option>
           <optgroup label=Fire disabled><option>Charmander</option></optgroup></select>
         <div role=combobox id=poke aria-label=Pokemon aria-expanded=false tabindex=0 style='width: 120px'>Oddish</div>
         <script>
           poke.onclick = () => {
             if (poke.getAttribute('aria-expanded') === 'true') return;
             const list = document.createElement('div');
             list.setAttribute('role', 'listbox');
             list.innerHTML = '<div role=option>Oddish</div><div role=option>Psyduck</div><div role=option aria-disabled=true>Charmander</div>';
             for (const o of list.children) o.onclick = () => {
               if (o.getAttribute('aria-disabled') === 'true') return;
               poke.textContent = o.textContent; list.remove(); poke.setAttribute('aria-expanded', 'false');
             };
             document.body.append(list);
             poke.setAttribute('aria-expanded', 'true');
           };
           addEventListener('keydown', (e) => {
             if (e.key !== 'Escape') return;
             for (const l of document.querySelectorAll('[role=listbox]')) l.remove();
             poke.setAttribute('aria-expanded', 'false');
           });
         </script>",
        "o",
    );
    let native = uid_of(&snap, "combobox \"Type\"");
    for option in ["Water", "Charmander"] {
        let refused = env.ctx("o", &["element", "select", &native, option]);
        let error = refused.err("TARGET_NOT_INTERACTABLE", 5).clone();
        assert_eq!(error["details"]["disabled"], option, "{error}");
        assert_eq!(
            error["details"]["options"],
            serde_json::json!(["Grass"]),
            "{error}"
        );
    }
    let value = env
        .ctx("o", &["runtime", "eval", "fire.value"])
        .ok()
        .clone();
    assert_eq!(value["value"], "Grass");
    let drawn = uid_of(&snap, "combobox \"Pokemon\"");
    let refused = env.ctx("o", &["element", "select", &drawn, "charmander"]);
    let error = refused.err("TARGET_NOT_INTERACTABLE", 5).clone();
    assert_eq!(error["details"]["disabled"], "Charmander", "{error}");
    // A word it lacks is still missing.
    env.ctx("o", &["element", "select", &drawn, "Pikachu"])
        .err("ELEMENT_NOT_FOUND", 3);
    let chosen = env
        .ctx("o", &["element", "select", &drawn, "Psyduck"])
        .ok()
        .clone();
    assert_eq!(chosen["action"], "select", "{chosen}");
    let value = env
        .ctx("o", &["runtime", "eval", "poke.textContent"])
        .ok()
        .clone();
    assert_eq!(value["value"], "Psyduck");
}

/// A chip input (Angular Material's `mat-mdc-chip-input` beside its chip grid) takes several
/// options: each chosen from its list is a chip of its own. `select "Rust,Go"` chooses both (it
/// answered "no option \"Rust,Go\"").
#[test]
fn a_chip_input_takes_several_options_comma_separated() {
    let (_server, env, snap) = opened(
        "Chips",
        "<div role=grid id=chips aria-label=Skills></div>
         <input id=skill class=mat-mdc-chip-input role=combobox aria-label=Skills aria-expanded=false aria-autocomplete=list>
         <script>
           const open = () => {
             if (skill.getAttribute('aria-expanded') === 'true') return;
             const list = document.createElement('div');
             list.setAttribute('role', 'listbox');
             for (const word of ['Angular', 'Rust', 'Go']) {
               const option = document.createElement('div');
               option.setAttribute('role', 'option');
               option.textContent = word;
               option.onclick = () => {
                 const row = document.createElement('div');
                 row.setAttribute('role', 'row');
                 row.innerHTML = '<span role=gridcell></span><button>x</button>';
                 row.firstChild.textContent = word;
                 chips.append(row);
                 skill.value = '';
                 list.remove();
                 skill.setAttribute('aria-expanded', 'false');
               };
               list.append(option);
             }
             document.body.append(list);
             skill.setAttribute('aria-expanded', 'true');
           };
           skill.addEventListener('focus', open);
           skill.addEventListener('click', open);
         </script>",
        "c",
    );
    let skill = uid_of(&snap, "combobox \"Skills\"");
    let chosen = env
        .ctx("c", &["element", "select", &skill, "Rust,Go"])
        .ok()
        .clone();
    assert_eq!(chosen["action"], "select", "{chosen}");
    let chips = env
        .ctx(
            "c",
            &[
                "runtime",
                "eval",
                "[...chips.querySelectorAll('[role=gridcell]')].map((c) => c.textContent).join()",
            ],
        )
        .ok()
        .clone();
    assert_eq!(chips["value"], "Rust,Go");
}

/// A table's row the page opens on a click (a hand cursor on the row), whose middle falls on a
/// control it holds (a select in a cell, as Angular Material's tables hold them): the row is
/// pressed beside its controls, where its own words show (the press opened the select).
#[test]
fn a_row_is_pressed_beside_the_controls_it_holds() {
    let (_server, env, snap) = opened(
        "Rows",
        "<table style='border-collapse: collapse'>
           <tr style='cursor: pointer' onclick=\"out.textContent = 'Opened Mia'\">
             <td style='width: 40px'><input type=checkbox aria-label='Select Mia' onclick='event.stopPropagation()'></td>
             <td style='width: 100px'>Mia</td>
             <td><div role=combobox tabindex=0 aria-label='Status of Mia' style='width: 380px; border: 1px solid'
               onclick=\"event.stopPropagation(); out.textContent = 'Select opened'\">New</div></td></tr></table>
         <p id=out>none</p>",
        "r",
    );
    let row = snap
        .lines()
        .find(|l| l.trim_start().starts_with('e') && l.ends_with(" clickable"))
        .and_then(|l| l.split_whitespace().next())
        .unwrap_or_else(|| panic!("a clickable row: {snap}"))
        .to_string();
    env.ctx("r", &["element", "click", &row]).ok();
    let out = env
        .ctx("r", &["runtime", "eval", "out.textContent"])
        .ok()
        .clone();
    assert_eq!(out["value"], "Opened Mia");
}

/// A bare clickable around a range slider's two thumbs and nothing else (Angular Material's
/// `mat-slider` with a range, Ionic's two-knob range) is no line, as in Chromium's tree: the
/// thumbs are (it was an unnamed `clickable` over them). One with words of its own stays.
#[test]
fn a_track_around_two_thumbs_is_no_line_of_its_own() {
    let page = "<div style='cursor: pointer; width: 300px'><input type=range aria-label=Min value=20><input type=range aria-label=Max value=80></div>
<div style='cursor: pointer; width: 300px'>Pick a range <input type=range aria-label=Low><input type=range aria-label=High></div>";
    let (_server, env, snap) = opened("Range", page, "r");
    assert_eq!(snap.matches("clickable").count(), 1, "{snap}");
    let min = uid_of(&snap, "slider \"Min\"");
    assert!(snap.starts_with(&format!("{min} slider")), "{snap}");
    env.ctx("r", &["element", "fill", &min, "30"]).ok();
    assert!(snapshot(&env, "r").contains("slider \"Min\" focused value=\"30\""));
}

/// A time field drawn as spin buttons, as Esri's Calcite draws its time picker: an empty
/// segment (`--`, `aria-valuenow` 0) whose first arrow shows `00` and leaves its number at 0,
/// then counts (it was refused, "none of its keys moves it"), and a segment that shows words
/// for its values, AM and PM, which takes those words (it said "fill it with a number"; one it
/// never shows is `ELEMENT_NOT_FOUND`, naming those it showed); asked again, each says it was
/// so already.
#[test]
fn spin_buttons_of_a_time_field_take_numbers_from_empty_and_their_words() {
    let (_server, env, snap) = opened(
        "Time",
        r#"<div role=group aria-label=Time>
<span role=spinbutton tabindex=0 aria-label=Minute aria-valuemin=0 aria-valuemax=59 aria-valuenow=0 aria-valuetext="--" id=minute>--</span>
<span role=spinbutton tabindex=0 aria-label="AM/PM" aria-valuemin=1 aria-valuemax=2 aria-valuenow=1 aria-valuetext=AM id=period>AM</span>
</div>
<script>
let minutes = null;
minute.addEventListener('keydown', (e) => {
  const step = { ArrowUp: 1, ArrowDown: -1 }[e.key];
  if (!step) return;
  e.preventDefault();
  minutes = minutes === null ? 0 : (minutes + step + 60) % 60;
  const shown = String(minutes).padStart(2, '0');
  minute.textContent = shown;
  minute.setAttribute('aria-valuenow', String(minutes));
  minute.setAttribute('aria-valuetext', shown);
});
period.addEventListener('keydown', (e) => {
  if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
  e.preventDefault();
  const pm = period.textContent === 'AM';
  period.textContent = pm ? 'PM' : 'AM';
  period.setAttribute('aria-valuenow', pm ? '2' : '1');
  period.setAttribute('aria-valuetext', period.textContent);
});
</script>"#,
        "t",
    );
    let minute = uid_of(&snap, "spinbutton \"Minute\"");
    let period = uid_of(&snap, "spinbutton \"AM/PM\"");
    env.ctx("t", &["element", "fill", &minute, "5"]).ok();
    env.ctx("t", &["element", "fill", &period, "pm"]).ok();
    assert_eq!(
        evaluated(&env, "t", "minute.textContent + ' ' + period.textContent"),
        "05 PM"
    );
    // (Asked again: told it was so already, not warned that nothing changed.)
    for (field, value) in [(&minute, "5"), (&period, "PM")] {
        let again = env.ctx("t", &["element", "fill", field, value]);
        let result = again.ok()["result"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        assert!(result.contains("already"), "{}", again.stdout);
        assert!(
            !again.stdout.contains("ACTION_NO_EFFECT"),
            "{}",
            again.stdout
        );
    }
    let missed = env.ctx("t", &["element", "fill", &period, "Noon"]);
    let error = missed.err("ELEMENT_NOT_FOUND", 3);
    assert_eq!(error["details"]["options"], json!(["PM", "AM"]), "{error}");
    assert_eq!(evaluated(&env, "t", "period.textContent"), "PM");
}

/// A date field whose page answers its `change` by drawing the date it parsed and focusing the
/// field again a millisecond later (Pikaday does, from npm): the next field filled keeps its
/// text whole, none of it typed into the date field (its last key went there), as a user who
/// sees the focus come back clicks the next field again.
#[test]
fn a_field_that_takes_the_focus_back_as_it_gives_up_its_value_keeps_none_of_the_next_text() {
    let (_server, env, snap) = opened(
        "Trip",
        r#"<label for=day>Day</label> <input id=day>
<label for=city>City</label> <input id=city>
<script>
day.addEventListener('change', () => {
  const date = new Date(Date.parse(day.value));
  if (!isNaN(date)) day.value = date.toDateString();
  setTimeout(() => day.focus(), 1);
});
</script>"#,
        "p",
    );
    let day = uid_of(&snap, "textbox \"Day\"");
    let city = uid_of(&snap, "textbox \"City\"");
    env.ctx("p", &["element", "fill", &day, "12/24/2026"]).ok();
    env.ctx("p", &["element", "fill", &city, "Lisbon"]).ok();
    assert_eq!(
        evaluated(&env, "p", "day.value + ' | ' + city.value"),
        "Thu Dec 24 2026 | Lisbon"
    );
}

/// A `<select>` jQuery UI's selectmenu hides, its drop-down the element right after it (as
/// jQuery UI 1.14 from npm draws it: a `span` combobox that owns a list drawn at the end of
/// the page): chosen by the select's own selector, it is chosen through the drop-down, which
/// shows the choice (set on the hidden select alone, the drop-down went on showing the old one
/// and the reply said nothing changed).
#[test]
fn a_select_whose_drop_down_is_the_element_after_it_is_chosen_through_it() {
    let (_server, env, _snap) = opened(
        "Class",
        r#"<label for=cls>Class</label>
<select id=cls style="display: none"><option>Economy</option><option>Business</option></select>
<span tabindex=0 id=button role=combobox aria-expanded=false aria-haspopup=true aria-owns=menu
  style="display: inline-block; width: 120px; border: 1px solid; cursor: pointer"><span id=shown>Economy</span></span>
<div id=holder style="position: absolute; display: none"><ul id=menu role=listbox tabindex=0></ul></div>
<script>
button.addEventListener('click', () => {
  menu.innerHTML = [...cls.options].map((o) => '<li><div role=option tabindex=-1>' + o.text + '</div></li>').join('');
  const r = button.getBoundingClientRect();
  holder.style.top = r.bottom + 'px'; holder.style.left = r.left + 'px'; holder.style.display = 'block';
  button.setAttribute('aria-expanded', 'true');
});
menu.addEventListener('click', (e) => {
  cls.value = e.target.textContent; shown.textContent = e.target.textContent;
  holder.style.display = 'none'; button.setAttribute('aria-expanded', 'false');
});
</script>"#,
        "s",
    );
    let chose = env.ctx(
        "s",
        &["element", "select", "--selector", "#cls", "Business"],
    );
    chose.ok();
    assert!(
        !chose.stdout.contains("ACTION_NO_EFFECT"),
        "{}",
        chose.stdout
    );
    assert_eq!(
        evaluated(&env, "s", "cls.value + ' | ' + shown.textContent"),
        "Business | Business"
    );
}

/// A drop-down drawn over a `<select multiple>` kept out of sight, whose list (it says it takes
/// several) marks the option the keys are on `aria-selected` as Select2 4.1 does (from npm):
/// what was chosen is what the `<select>` holds, so "Beach,Food" chooses both (Beach, the
/// option the keys were on, was taken as chosen already and left out).
#[test]
fn an_option_a_list_marks_for_the_keys_is_chosen_by_what_its_select_holds() {
    let (_server, env, snap) = opened(
        "Interests",
        r#"<style>.kept { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0) }
  #chips li { display: inline-block; margin-right: 4px; background: #eee }</style>
<label for=tags>Interests</label>
<select id=tags class=kept multiple tabindex=-1 aria-hidden=true><option>Beach</option><option>Museums</option><option>Food</option></select>
<span class=container><span id=box role=combobox aria-haspopup=true aria-expanded=false aria-owns=results tabindex=-1
  style="display: inline-block; min-width: 240px; border: 1px solid"><ul id=chips style="display: inline; margin: 0; padding: 0"></ul><textarea
  id=search aria-label=Search rows=1 style="width: 80px; height: 20px; resize: none"></textarea></span></span>
<ul id=results role=listbox aria-multiselectable=true hidden style="position: absolute; border: 1px solid; margin: 0; padding: 0; background: white"></ul>
<script>
const open = () => {
  results.innerHTML = [...tags.options].map((o, i) => '<li role=option id=r' + i + ' aria-selected=' + (o.selected || i === 0) + '>' + o.text + '</li>').join('');
  box.setAttribute('aria-activedescendant', 'r0');
  const r = box.getBoundingClientRect();
  results.style.top = r.bottom + 'px'; results.style.left = r.left + 'px';
  results.hidden = false; box.setAttribute('aria-expanded', 'true');
};
const close = () => { results.hidden = true; box.setAttribute('aria-expanded', 'false'); };
box.addEventListener('click', open);
search.addEventListener('focus', open);
results.addEventListener('mousedown', (e) => e.preventDefault());
results.addEventListener('click', (e) => {
  const option = [...tags.options].find((o) => o.text === e.target.textContent);
  option.selected = !option.selected;
  chips.innerHTML = [...tags.selectedOptions].map((o) => '<li>' + o.text + '</li>').join('');
  close();
});
search.addEventListener('blur', close);
</script>"#,
        "i",
    );
    let interests = uid_of(&snap, "combobox");
    env.ctx("i", &["element", "select", &interests, "Beach,Food"])
        .ok();
    assert_eq!(
        evaluated(
            &env,
            "i",
            "[...tags.selectedOptions].map((o) => o.text).join()"
        ),
        "Beach,Food"
    );
}

/// A slider's handle that tells no value (jQuery UI 1.14's, from npm: a bare `span` placed
/// along its track by `left` in per cent, no role): `fill` says it is one, where it sits, and
/// how a user moves it; the drag it hints at, aimed at seven tenths of the track, moves it
/// there (it named the nearest field, another one, as the one meant).
#[test]
fn a_slider_handle_that_tells_no_value_says_how_to_move_it() {
    let (_server, env, snap) = opened(
        "Budget",
        r#"<p>Budget: <span id=shown>50</span></p>
<div id=track style="position: relative; width: 400px; height: 10px; margin: 30px; background: #ddd">
  <span id=handle tabindex=0 style="position: absolute; left: 50%; top: -5px; width: 20px; height: 20px; margin-left: -10px; background: #555; cursor: pointer"></span>
</div>
<label for=city>City</label> <input id=city>
<script>
let dragging = false;
handle.addEventListener('mousedown', (e) => { dragging = true; e.preventDefault(); });
document.addEventListener('mousemove', (e) => {
  if (!dragging) return;
  const r = track.getBoundingClientRect();
  const at = Math.round(Math.min(1, Math.max(0, (e.clientX - r.left) / r.width)) * 100);
  handle.style.left = at + '%'; shown.textContent = at;
});
document.addEventListener('mouseup', () => { dragging = false; });
</script>"#,
        "h",
    );
    let handle = uid_of(&snap, "clickable");
    let refused = env.ctx("h", &["element", "fill", &handle, "70"]);
    let error = refused.err("TARGET_NOT_INTERACTABLE", 5);
    let found = &error["details"]["handle"];
    assert_eq!(found["at"], 50, "{error}");
    let hint = error["suggestions"][0].as_str().unwrap_or_default();
    assert!(hint.starts_with("Run: cdt input drag "), "{error}");
    assert!(!error.to_string().contains("City"), "{error}");
    let (from, to) = (found["from"][0].as_i64(), found["to"][0].as_i64());
    let (from, to) = (from.unwrap_or_default(), to.unwrap_or_default());
    let x = (from + (to - from) * 7 / 10).to_string();
    let (middle_x, y) = (
        found["middle"][0].to_string(),
        found["middle"][1].to_string(),
    );
    env.ctx("h", &["input", "drag", &middle_x, &y, &x, &y]).ok();
    assert_eq!(evaluated(&env, "h", "shown.textContent"), "70");
}

/// Date fields whose calendar pops up under them with no word of ARIA's (jQuery UI 1.14's
/// datepicker, from npm: a `div` at the end of the page; react-datepicker 8's: a `div` in a
/// `div` of its own beside the field), shown as the field takes the focus, closed by Escape or a
/// press outside it: once the date is typed, the calendar is closed as a user closes it and the
/// date kept; left open, it covered the button below, whose click then failed as
/// `TARGET_OBSCURED`.
#[test]
fn a_calendar_that_pops_up_under_a_date_field_is_closed_once_the_date_is_typed() {
    let (_server, env, snap) = opened(
        "Trip",
        r##"<p><label for=day>Departure</label> <input id=day></p>
<div><label for=back>Return</label> <span><input id=back></span><div><div id=cal2 class=cal></div></div></div>
<p><button id=next onclick="this.textContent = 'Pressed'">Continue</button></p>
<div id=cal class=cal></div>
<style>.cal { position: absolute; display: none; background: white; border: 1px solid }</style>
<script>
const rows = [];
for (let week = 0; week < 5; week++) {
  const cells = [];
  for (let d = week * 7 + 1; d <= Math.min(31, week * 7 + 7); d++) cells.push('<td><a href="#">' + d + '</a></td>');
  rows.push('<tr>' + cells.join('') + '</tr>');
}
const picker = (field, cal) => {
  cal.innerHTML = '<table>' + rows.join('') + '</table>';
  field.addEventListener('focus', () => {
    const r = field.getBoundingClientRect();
    cal.style.top = (r.bottom + scrollY) + 'px'; cal.style.left = (r.left + scrollX) + 'px'; cal.style.display = 'block';
  });
  field.addEventListener('keydown', (e) => { if (e.key === 'Escape') { cal.style.display = 'none'; e.stopPropagation(); } });
  document.addEventListener('mousedown', (e) => { if (e.target !== field && !cal.contains(e.target)) cal.style.display = 'none'; });
};
picker(day, cal);
picker(back, cal2);
</script>"##,
        "c",
    );
    let next = uid_of(&snap, "button \"Continue\"");
    for (field, calendar) in [
        ("Departure", "day.value + ' ' + cal.style.display"),
        ("Return", "back.value + ' ' + cal2.style.display"),
    ] {
        let uid = uid_of(&snap, &format!("textbox \"{field}\""));
        env.ctx("c", &["element", "fill", &uid, "12/24/2026"]).ok();
        assert_eq!(evaluated(&env, "c", calendar), "12/24/2026 none", "{field}");
    }
    env.ctx("c", &["element", "click", &next]).ok();
    assert_eq!(evaluated(&env, "c", "next.textContent"), "Pressed");
}

/// A tag input that makes tags of all the words it is given once they hold a comma (Tagify, from
/// npm, does so with a paste or an insertion): "rust, cli" filled ends as a user's typing ends,
/// a tag "rust" and "cli" still in the field (it was made tags "rust" and "cl", and an "i" left
/// in the field: the text before the last key went in at once, commas and all).
#[test]
fn a_tag_input_gets_the_words_before_each_comma_on_their_own() {
    let (_server, env, snap) = opened(
        "Tags",
        r#"<label for=tags>Tags</label> <span id=chips></span><input id=tags>
<script>
tags.addEventListener('input', () => {
  if (!tags.value.includes(',')) return;
  for (const part of tags.value.split(',').map((p) => p.trim()).filter(Boolean)) {
    const chip = document.createElement('b');
    chip.textContent = part + ' ';
    chips.append(chip);
  }
  tags.value = '';
});
</script>"#,
        "g",
    );
    let tags = uid_of(&snap, "textbox \"Tags\"");
    env.ctx("g", &["element", "fill", &tags, "rust, cli"]).ok();
    assert_eq!(
        evaluated(&env, "g", "chips.textContent + '| ' + tags.value.trim()"),
        "rust | cli"
    );
}

/// A drop-down of several whose list fades and folds away over 300 ms after each choice (Slim
/// Select 2, from npm: its options still drawn while it goes): "Gift wrap,Insurance" waits for
/// it to go and opens it again for the second (the second press aimed into the fading list and
/// found the page under it, `TARGET_OBSCURED`).
#[test]
fn a_list_on_its_way_out_is_opened_again_for_the_next_option() {
    let (_server, env, snap) = opened(
        "Extras",
        r#"<style>#content { position: absolute; opacity: 0; transform: scaleY(0); transition: opacity .3s, transform .3s; pointer-events: none; background: white; border: 1px solid }
  #content.open { opacity: 1; transform: scaleY(1); pointer-events: auto } [role=option] { padding: 4px; cursor: pointer }</style>
<label id=label>Extras</label>
<div id=box role=combobox tabindex=0 aria-labelledby=label aria-expanded=false aria-controls=list style="width: 220px; border: 1px solid; min-height: 20px"><span id=chosen></span></div>
<div id=content><div id=list role=listbox aria-multiselectable=true>
  <div role=option aria-selected=false>Gift wrap</div><div role=option aria-selected=false>Express</div><div role=option aria-selected=false>Insurance</div></div></div>
<script>
box.addEventListener('click', () => {
  const r = box.getBoundingClientRect();
  content.style.top = r.bottom + 'px'; content.style.left = r.left + 'px';
  content.classList.add('open'); box.setAttribute('aria-expanded', 'true');
});
list.addEventListener('click', (e) => {
  const option = e.target.closest('[role=option]');
  option.setAttribute('aria-selected', 'true');
  chosen.textContent = [...list.querySelectorAll('[aria-selected=true]')].map((o) => o.textContent).join(', ');
  content.classList.remove('open'); box.setAttribute('aria-expanded', 'false');
});
</script>"#,
        "l",
    );
    let extras = uid_of(&snap, "combobox \"Extras\"");
    env.ctx("l", &["element", "select", &extras, "Gift wrap,Insurance"])
        .ok();
    assert_eq!(
        evaluated(&env, "l", "chosen.textContent"),
        "Gift wrap, Insurance"
    );
}

/// A field whose suggestions follow the typing 300 ms after the last key, drawn anew each time
/// (jQuery UI 1.14's autocomplete, from npm), that showed "Paris" for "Par": `select` "Paris"
/// presses the suggestion drawn for "Paris", and the list is closed (it pressed the one drawn
/// for "Par", and the search for "Paris" opened the list again over the form).
#[test]
fn a_suggestion_drawn_again_for_what_was_typed_is_the_one_pressed() {
    let (_server, env, snap) = opened(
        "From",
        r#"<label for=from>From</label> <input id=from autocomplete=off>
<ul id=menu style="position: absolute; display: none; list-style: none; margin: 0; padding: 0; background: white; border: 1px solid"></ul>
<script>
const cities = ['Paris', 'Berlin', 'Tokyo'];
let timer = null;
from.addEventListener('input', () => {
  clearTimeout(timer);
  timer = setTimeout(() => {
    const term = from.value.toLowerCase();
    const hits = cities.filter((c) => term && c.toLowerCase().includes(term));
    menu.innerHTML = hits.map((c) => '<li><div style="cursor: pointer">' + c + '</div></li>').join('');
    const r = from.getBoundingClientRect();
    menu.style.top = r.bottom + 'px'; menu.style.left = r.left + 'px';
    menu.style.display = hits.length ? 'block' : 'none';
  }, 300);
});
menu.addEventListener('click', (e) => { from.value = e.target.textContent; menu.style.display = 'none'; });
</script>"#,
        "a",
    );
    let from = uid_of(&snap, "textbox \"From\"");
    env.ctx("a", &["element", "fill", &from, "Par"]).ok();
    env.ctx("a", &["element", "select", &from, "Paris"]).ok();
    assert_eq!(
        evaluated(&env, "a", "from.value + ' ' + menu.style.display"),
        "Paris none"
    );
}

/// A date field's calendar that fades out over 400 ms once closed, by timers (jQuery UI's
/// `fadeOut`), over the checkbox below the field: `fill-form` with the date and the checkbox
/// waits for it to go before pressing the checkbox (the press found the fading calendar,
/// `TARGET_OBSCURED`, and nothing after the date was filled).
#[test]
fn a_calendar_fading_out_is_waited_for_before_the_next_field_is_pressed() {
    let (_server, env, snap) = opened(
        "Trip",
        r##"<p><label for=day>Departure</label> <input id=day></p>
<p><input type=checkbox id=insured> <label for=insured>Insurance</label></p>
<div id=cal style="position: absolute; display: none; background: white; border: 1px solid"></div>
<script>
const cells = [];
for (let d = 1; d <= 31; d++) cells.push('<td><a href="#">' + d + '</a></td>' + (d % 7 ? '' : '</tr><tr>'));
cal.innerHTML = '<table><tr>' + cells.join('') + '</tr></table>';
day.addEventListener('focus', () => {
  const r = day.getBoundingClientRect();
  cal.style.top = (r.bottom + scrollY) + 'px'; cal.style.left = '0px'; cal.style.opacity = 1; cal.style.display = 'block';
});
day.addEventListener('keydown', (e) => {
  if (e.key !== 'Escape') return;
  const start = Date.now();
  const fade = setInterval(() => {
    const left = 1 - (Date.now() - start) / 400;
    cal.style.opacity = Math.max(left, 0);
    if (left <= 0) { clearInterval(fade); cal.style.display = 'none'; }
  }, 13);
});
</script>"##,
        "f",
    );
    let day = uid_of(&snap, "textbox \"Departure\"");
    let insured = uid_of(&snap, "checkbox \"Insurance\"");
    env.ctx(
        "f",
        &[
            "element",
            "fill-form",
            "--field",
            &format!("{day}=12/24/2026"),
            "--field",
            &format!("{insured}=true"),
        ],
    )
    .ok();
    assert_eq!(
        evaluated(
            &env,
            "f",
            "day.value + ' ' + insured.checked + ' ' + cal.style.display"
        ),
        "12/24/2026 true none"
    );
}
