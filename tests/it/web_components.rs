//! Controls a page draws with web components, as Carbon's (`@carbon/web-components`) draw
//! theirs: a radio group whose fieldset lives in the group's shadow tree and shows, through a
//! slot, radio elements that each keep their input in a shadow tree of their own; a modal kept
//! hidden (`visibility: hidden` on its host) whose words are slotted into its shadow tree; a
//! button element with an `onclick` around the one `<button>` its shadow tree draws; and a
//! number field its page gives the role `alert`. And as SAP's UI5 draws its own (second page):
//! a multi-combobox in a shadow tree, a step input's icons. And a host that passes its focus to
//! the checkbox its shadow tree draws, as Adobe Spectrum's `sp-checkbox`.

use cdt_e2e::{evaluated, opened, snapshot, uid_of};

const PAGE: &str = concat!("<x-radio-group legend=Plan><x-radio label=Free value=free></x-radio><x-radio label=Pro value=pro></x-radio></x-radio-group>
<x-button onclick=\"modal.style.visibility = 'visible'\" style='cursor: pointer'>Delete</x-button>
<x-modal id=modal style='visibility: hidden'><x-heading>Delete project?</x-heading><p>This removes it.</p></x-modal>
<input type=number role=alert aria-label=Quantity value=1>
<p id=out>none</p>
<script>
", cdt_e2e::drawn_js!(), "customElements.define('x-radio-group', class extends HTMLElement {
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
</script>");

/// The group's radio of a name is checked by `select` on the group, through the shadow trees
/// and the slot that show them (it said the group "is not a field"); a word it lacks names its
/// radios.
#[test]
fn a_radio_group_drawn_through_shadow_trees_takes_select() {
    let (_server, env, snap) = opened("Web components", PAGE, "w");
    let group = uid_of(&snap, "group \"Plan\"");
    env.ctx("w", &["element", "select", &group, "Pro"]).ok();
    assert_eq!(evaluated(&env, "w", "out.textContent"), "pro");
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

/// Controls drawn as SAP's UI5 web components (`@ui5/webcomponents` 2.26) draw theirs: a
/// multi-combobox whose field lives in its shadow tree, its list's options each saying "Not
/// Selected," to screen readers in a box of no size before the words they show; a step input
/// whose buttons are icons kept from screen readers, each an `svg` with a title.
const UI5: &str = concat!(
    r#"<x-multi-combobox id=tags label=Tags options="Urgent,Gift,Fragile"></x-multi-combobox>
<x-step id=qty></x-step>
<p id=out>none</p>
<script>
"#,
    cdt_e2e::drawn_js!(),
    r#"customElements.define('x-multi-combobox', class extends HTMLElement {
  connectedCallback() {
    const root = drawn(this, '<input role=combobox aria-expanded=false aria-haspopup=dialog aria-autocomplete=both aria-controls=pop>' +
      '<div id=pop role=dialog aria-label="Available Options" hidden><ul role=listbox aria-label="Contains Multi-Selectable Items"></ul></div>');
    if (!root) return;
    this.selected = [];
    const [field, pop, list] = ['input', '#pop', 'ul'].map((s) => root.querySelector(s));
    field.setAttribute('aria-label', this.getAttribute('label'));
    const show = () => {
      list.innerHTML = '';
      for (const option of this.getAttribute('options').split(',')) {
        if (!option.toLowerCase().startsWith(field.value.toLowerCase())) continue;
        const chosen = this.selected.includes(option);
        const li = document.createElement('li');
        li.setAttribute('role', 'option');
        li.setAttribute('aria-selected', String(chosen));
        li.innerHTML = '<span style="position: absolute; font-size: 0">' + (chosen ? 'Selected,' : 'Not Selected,') + '</span><span></span>';
        li.lastChild.textContent = option;
        li.addEventListener('click', () => {
          this.selected = chosen ? this.selected.filter((s) => s !== option) : [...this.selected, option];
          field.value = '';
          out.textContent = this.selected.join('+');
          show();
        });
        list.appendChild(li);
      }
      pop.hidden = false;
      field.setAttribute('aria-expanded', 'true');
    };
    field.addEventListener('input', show);
    field.addEventListener('click', show);
    field.addEventListener('keydown', (e) => {
      if (e.key !== 'Escape') return;
      pop.hidden = true;
      field.setAttribute('aria-expanded', 'false');
    });
  }
});
customElements.define('x-icon', class extends HTMLElement {
  connectedCallback() {
    const root = drawn(this, '<svg aria-hidden=true width=16 height=16><title></title><rect width=16 height=16></rect></svg>');
    if (!root) return;
    root.querySelector('title').textContent = this.getAttribute('label');
    root.querySelector('svg').setAttribute('aria-label', this.getAttribute('label'));
    this.setAttribute('tabindex', '-1');
    this.style.cursor = 'pointer';
  }
});
customElements.define('x-step', class extends HTMLElement {
  connectedCallback() {
    const root = drawn(this, '<x-icon label=Decrease></x-icon><input aria-label=Quantity value=1><x-icon label=Increase></x-icon>');
    if (!root) return;
    const field = root.querySelector('input');
    const [less, more] = root.querySelectorAll('x-icon');
    less.addEventListener('click', () => { field.value = String(Number(field.value) - 1); });
    more.addEventListener('click', () => { field.value = String(Number(field.value) + 1); });
  }
});
</script>"#
);

/// `select` takes several options of a multi-combobox whose own element names it one (its field
/// in the shadow tree of a `…-multi-combobox`; the list does not say it takes several), each
/// found by the words it shows, not those it says to screen readers only ("no option",
/// naming "Not Selected, Urgent").
#[test]
fn a_multi_combobox_drawn_in_a_shadow_tree_takes_several_options_by_their_shown_words() {
    let (_server, env, snap) = opened("UI5", UI5, "u");
    let tags = uid_of(&snap, "combobox \"Tags\"");
    env.ctx("u", &["element", "select", &tags, "Urgent,Fragile"])
        .ok();
    assert_eq!(evaluated(&env, "u", "out.textContent"), "Urgent+Fragile");
}

/// An icon that acts, kept from screen readers (no line in Chromium's tree), is a clickable
/// named by its picture's title, as its tooltip shows (it was an unnamed `clickable`).
#[test]
fn an_icon_kept_from_screen_readers_is_named_by_its_pictures_title() {
    let (_server, env, snap) = opened("UI5", UI5, "u");
    let more = uid_of(&snap, "clickable \"Increase\"");
    uid_of(&snap, "clickable \"Decrease\"");
    env.ctx("u", &["element", "click", &more]).ok();
    let value = evaluated(&env, "u", "qty.shadowRoot.querySelector('input').value");
    assert_eq!(value, "2");
}

/// A host that passes the focus its `tabindex` takes on to the control its shadow tree draws
/// (`delegatesFocus`), as Adobe Spectrum's `sp-checkbox` does around its `input`: that control's
/// line alone, as in Chromium's tree (it was an unnamed `clickable` over the checkbox).
#[test]
fn a_host_that_passes_its_focus_to_its_control_is_that_control() {
    let (_server, env, snap) = opened(
        "Spectrum",
        r#"<x-check id=news>Send me news</x-check>
<script>
customElements.define('x-check', class extends HTMLElement {
  connectedCallback() {
    const root = this.attachShadow({ mode: 'open', delegatesFocus: true });
    root.innerHTML = '<input type=checkbox id=input><label for=input><slot></slot></label>';
    this.setAttribute('tabindex', '0');
  }
});
</script>"#,
        "s",
    );
    assert!(
        !snap.contains("clickable \n") && !snap.contains("clickable\n"),
        "{snap}"
    );
    let news = uid_of(&snap, "checkbox \"Send me news\"");
    env.ctx("s", &["element", "check", &news]).ok();
    let checked = "news.shadowRoot.querySelector('input').checked";
    assert_eq!(evaluated(&env, "s", checked), true);
}

/// `select` on a menu shown on the page (Spectrum's `sp-menu` of radio items) presses its item
/// of that name, as a list box's option (it said "not a field: it takes no value"), and names
/// its items when none is so named.
#[test]
fn a_menu_shown_on_the_page_is_chosen_from_by_its_items_name() {
    let (_server, env, snap) = opened(
        "Sort",
        r#"<div role=menu aria-label="Sort by" id=menu>
<div role=menuitemradio aria-checked=true tabindex=0>Name</div><div role=menuitemradio aria-checked=false tabindex=-1>Date</div>
</div><p id=out>name</p>
<script>
for (const item of menu.children) item.addEventListener('click', () => {
  for (const other of menu.children) other.setAttribute('aria-checked', String(other === item));
  out.textContent = item.textContent.toLowerCase();
});
</script>"#,
        "m",
    );
    let menu = uid_of(&snap, "menu \"Sort by\"");
    env.ctx("m", &["element", "select", &menu, "Date"]).ok();
    assert_eq!(evaluated(&env, "m", "out.textContent"), "date");
    let missed = env.ctx("m", &["element", "select", &menu, "Size"]);
    let error = missed.err("ELEMENT_NOT_FOUND", 3);
    assert_eq!(
        error["details"]["options"],
        serde_json::json!(["Name", "Date"])
    );
}

/// A combobox whose options a screen reader reads from a list box kept in a box of a pixel,
/// while the page draws them as items with no roles, each in a shadow tree of its own, shown
/// through a slot of the pop-up the combobox's shadow tree positions (Esri's Calcite): `select`
/// presses the items of those words (it said "no option 'Boston'; its options: none") and,
/// the list box saying it takes several, closes the list after them, after one alone too.
#[test]
fn options_drawn_in_shadow_trees_beside_a_list_kept_for_screen_readers_are_pressed() {
    let (_server, env, snap) = opened(
        "Calcite",
        r#"<label>City <x-combo id=city><x-item heading=Austin></x-item><x-item heading=Boston></x-item><x-item heading=Chicago></x-item></x-combo></label>
<p id=out>none</p>
<script>
customElements.define('x-item', class extends HTMLElement {
  connectedCallback() {
    const root = this.attachShadow({ mode: 'open' });
    root.innerHTML = '<li style="display: block; padding: 6px; cursor: pointer"></li>';
    root.querySelector('li').textContent = this.getAttribute('heading');
    // (A press keeps the focus in the combobox's field, as such pop-ups do.)
    this.addEventListener('mousedown', (e) => e.preventDefault());
    this.addEventListener('click', () => this.parentElement.pick(this));
  }
});
customElements.define('x-combo', class extends HTMLElement {
  connectedCallback() {
    const root = this.attachShadow({ mode: 'open' });
    root.innerHTML = '<input role=combobox aria-label=City aria-controls=sr aria-expanded=false>' +
      '<ul role=listbox id=sr aria-multiselectable=true style="position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0)"></ul>' +
      '<div class=pop style="position: absolute; display: none; background: white; border: 1px solid; width: 200px"><slot></slot></div>';
    this.chosen = new Set();
    const [input, list, pop] = [root.querySelector('input'), root.querySelector('ul'), root.querySelector('.pop')];
    for (const item of this.querySelectorAll('x-item')) {
      const option = document.createElement('li');
      option.setAttribute('role', 'option');
      option.textContent = item.getAttribute('heading');
      list.appendChild(option);
    }
    const show = (open) => { pop.style.display = open ? 'block' : 'none'; input.setAttribute('aria-expanded', String(open)); };
    input.addEventListener('click', () => show(true));
    input.addEventListener('keydown', (e) => { if (e.key === 'Escape') show(false); });
    this.pick = (item) => {
      const words = item.getAttribute('heading');
      if (this.chosen.has(words)) this.chosen.delete(words); else this.chosen.add(words);
      out.textContent = [...this.chosen].join('+');
    };
  }
});
</script>"#,
        "c",
    );
    let city = uid_of(&snap, "combobox \"City\"");
    env.ctx("c", &["element", "select", &city, "Boston,Chicago"])
        .ok();
    assert_eq!(evaluated(&env, "c", "out.textContent"), "Boston+Chicago");
    let expanded = "city.shadowRoot.querySelector('input').getAttribute('aria-expanded')";
    assert_eq!(evaluated(&env, "c", expanded), "false");
    // (One more, alone: the list it names takes several, so it is closed after it too.)
    env.ctx("c", &["element", "select", &city, "Austin"]).ok();
    assert_eq!(
        evaluated(&env, "c", "out.textContent"),
        "Boston+Chicago+Austin"
    );
    assert_eq!(evaluated(&env, "c", expanded), "false");
}

/// A rating drawn in a shadow tree as Esri's Calcite draws its own: each star a `<label>` around
/// a radio kept out of sight (a box of a pixel) and an icon whose picture is in a shadow tree of
/// its own. A click on a star's radio presses its label, as a user presses the star (it was
/// `TARGET_OBSCURED` by the icon's `svg`).
#[test]
fn a_radio_kept_out_of_sight_in_a_shadow_tree_is_pressed_on_its_label() {
    let (_server, env, snap) = opened(
        "Rating",
        r#"<x-rating id=stars></x-rating><p id=out>none</p>
<script>
customElements.define('x-icon', class extends HTMLElement {
  connectedCallback() {
    this.attachShadow({ mode: 'open' }).innerHTML = '<svg width=24 height=24><path d="M12 2l3 7h7l-6 5 2 8-6-4-6 4 2-8-6-5h7z"></path></svg>';
  }
});
customElements.define('x-rating', class extends HTMLElement {
  connectedCallback() {
    const root = this.attachShadow({ mode: 'open' });
    const hidden = 'position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); margin: -1px';
    let stars = '<fieldset><legend style="' + hidden + '">Rating</legend>';
    for (let n = 1; n <= 5; n++) {
      stars += '<label for=s' + n + ' style="display: inline-flex; cursor: pointer"><input type=radio name=r id=s' + n + ' value=' + n +
        ' style="' + hidden + '"><x-icon aria-hidden=true></x-icon><span style="' + hidden + '">Stars: ' + n + '</span></label>';
    }
    root.innerHTML = stars + '</fieldset>';
    root.addEventListener('change', (e) => { out.textContent = 'stars ' + e.target.value; });
  }
});
</script>"#,
        "r",
    );
    let four = uid_of(&snap, "radio \"Stars: 4\"");
    env.ctx("r", &["element", "click", &four]).ok();
    assert_eq!(evaluated(&env, "r", "out.textContent"), "stars 4");
}
