//! Controls drawn with no roles at all. Drop-downs as Naive UI draws its `n-select`: a
//! focusable `div` (its own cursor no hand) opens a menu at the page's end, a focusable `div`
//! whose options are `div`s with a pointer cursor; the menu fades out when closed and is hidden
//! a frame or two after its fade ends; a filterable one focuses a text field of its own, and
//! one of tags offers the words typed as an option of their own. A field that says nothing of
//! its suggestions; a rating's stars that take the clicks for their radios.

use cdt_e2e::{HttpServer, TestEnv, snapshot, uid_of};
use serde_json::json;

const PAGE: &str = "<style>
  .x-selection { display: inline-block; min-width: 160px; border: 1px solid; padding: 4px }
  .follower { position: absolute; background: white; border: 1px solid; z-index: 2 }
  .menu { transition: opacity .2s }
  .menu.leave { opacity: 0 }
  .opt { cursor: pointer; padding: 4px 8px }
  .x-selection input { border: 0; width: 60px }
</style>
<div>Fruit <div class=x-selection id=fruit><div class=label tabindex=0>Pick a fruit</div></div></div>
<div>Fruits <div class=x-selection id=fruits><div class=label tabindex=0><span class=tags></span><input tabindex=-1></div></div></div>
<div>City <div class=x-selection id=city><div class=label tabindex=0><span class=tags></span><input tabindex=-1></div></div></div>
<p style='margin-top: 300px'>End</p>
<script>
const followers = {};
function dropDown(root, options, several, tags) {
  const label = root.querySelector('.label');
  const input = root.querySelector('input');
  const chosen = [];
  const follower = document.createElement('div');
  follower.className = 'follower';
  follower.hidden = true;
  const menu = document.createElement('div');
  menu.className = 'menu';
  menu.tabIndex = 0;
  follower.append(menu);
  document.body.append(follower);
  followers[root.id] = follower;
  const draw = () => {
    const typed = input ? input.value.trim() : '';
    const shown = options.filter((o) => o.toLowerCase().includes(typed.toLowerCase()));
    if (tags && typed && !options.includes(typed)) shown.unshift(typed);
    const opts = shown.map((o) => {
      const d = document.createElement('div');
      d.className = 'opt';
      d.textContent = o;
      d.onclick = () => pick(o);
      return d;
    });
    menu.replaceChildren(...(opts.length ? opts : [Object.assign(document.createElement('div'), { textContent: 'No data' })]));
  };
  const open = () => {
    draw();
    const r = root.getBoundingClientRect();
    follower.style.left = r.left + 'px';
    follower.style.top = (r.bottom + scrollY) + 'px';
    follower.hidden = false;
    menu.classList.remove('leave');
    if (input) input.focus();
  };
  const close = () => {
    if (follower.hidden || menu.classList.contains('leave')) return;
    menu.classList.add('leave');
    menu.addEventListener('transitionend', () => setTimeout(() => { follower.hidden = true; menu.classList.remove('leave'); }, 80), { once: true });
  };
  const pick = (o) => {
    if (several) { if (!chosen.includes(o)) chosen.push(o); } else chosen.splice(0, chosen.length, o);
    root.dataset.value = chosen.join(',');
    if (input) root.querySelector('.tags').textContent = chosen.join(' ');
    else label.textContent = o;
    if (input) { input.value = ''; draw(); }
    if (!several) close();
  };
  label.onclick = () => (follower.hidden || menu.classList.contains('leave') ? open() : close());
  for (const held of [root, menu]) held.addEventListener('keydown', (e) => { if (e.key === 'Escape') close(); });
  if (input) input.oninput = draw;
}
dropDown(fruit, ['Apple', 'Banana', 'Cherry'], false, false);
dropDown(fruits, ['Apple', 'Banana', 'Cherry'], true, true);
dropDown(city, ['Berlin', 'Paris', 'Prague'], false, false);
</script>";

/// The menu's options are clickables of their own (they were one `clickable "Apple Banana
/// Cherry"`, the focusable menu named by all their words); `element select` presses such a
/// drop-down open and its option (it was `TARGET_NOT_INTERACTABLE`); a drop-down of several is
/// closed at the end, waited for until its fading menu is hidden; words its list lacks are
/// typed into its own field, where it offers them; a miss names its options and leaves it
/// closed.
#[test]
fn a_drop_down_drawn_with_no_roles_at_all_is_chosen_from() {
    let server = HttpServer::start();
    server.page("/naive.html", "Drawn menus", PAGE);
    let env = TestEnv::new();
    env.ctx("n", &["page", "open", &server.url("/naive.html")])
        .ok();
    let snap = snapshot(&env, "n");
    let read = |js: &str| env.ctx("n", &["runtime", "eval", js]).ok()["value"].clone();
    let fruit = uid_of(&snap, "clickable \"Pick a fruit\"");
    env.ctx("n", &["element", "click", &fruit]).ok();
    let open = snapshot(&env, "n");
    assert!(
        open.contains("clickable \"Banana\"") && !open.contains("Apple Banana"),
        "{open}"
    );
    env.ctx("n", &["input", "key", "Escape"]).ok();
    std::thread::sleep(std::time::Duration::from_millis(500));

    // (One option: the page closes its menu itself.)
    env.ctx("n", &["element", "select", &fruit, "Banana"]).ok();
    assert_eq!(read("fruit.dataset.value"), json!("Banana"));
    let unnamed: Vec<String> = snap
        .lines()
        .map(str::trim)
        .filter(|l| l.ends_with(" clickable"))
        .map(|l| l.split(' ').next().unwrap().to_string())
        .collect();
    let [fruits, city] = &unnamed[..] else {
        panic!("two unnamed drop-downs in {snap}");
    };
    env.ctx("n", &["element", "select", fruits, "Cherry,Apple"])
        .ok();
    // (Closed when the command answers: not only faded out.)
    assert_eq!(
        read("[fruits.dataset.value, followers.fruits.hidden]"),
        json!(["Cherry,Apple", true])
    );
    env.ctx("n", &["element", "select", fruits, "Kiwi"]).ok();
    assert_eq!(
        read(
            "[fruits.dataset.value, fruits.querySelector('input').value, followers.fruits.hidden]"
        ),
        json!(["Cherry,Apple,Kiwi", "", true])
    );

    let run = env.ctx("n", &["element", "select", city, "Rome"]);
    let error = run.err("ELEMENT_NOT_FOUND", 3);
    assert_eq!(
        error["details"]["options"],
        json!(["Berlin", "Paris", "Prague"]),
        "{error}"
    );
    assert_eq!(
        read(
            "[city.dataset.value || '', city.querySelector('input').value, followers.city.hidden]"
        ),
        json!(["", "", true])
    );
    env.ctx("n", &["element", "select", city, "Paris"]).ok();
    assert_eq!(read("city.dataset.value"), json!("Paris"));
}

/// A text field that says nothing of its suggestions (Naive UI's auto-complete: no role, no
/// `autocomplete=off`), its pop-up drawn right below it and shown already for what it held:
/// `select` typed the words and left the pop-up open, no suggestion taken. It presses the
/// suggestion of those words, as a user picks it.
#[test]
fn a_field_that_says_nothing_of_its_suggestions_is_chosen_from_by_them() {
    let server = HttpServer::start();
    server.page(
        "/complete.html",
        "Auto-complete",
        "<style>.pop { position: absolute; background: white; border: 1px solid }
                .pop div { cursor: pointer; padding: 4px }</style>
         <label>Email <input id=mail placeholder=Email></label>
         <script>
         const pop = document.createElement('div');
         pop.className = 'pop';
         pop.hidden = true;
         document.body.append(pop);
         let picked = '';
         // (Its items kept, their words written anew as typed: what shows the words asked
         // showed them before the typing too.)
         const items = ['gmail.com', 'example.org'].map((d) => {
           const item = document.createElement('div');
           item.dataset.domain = d;
           item.onclick = () => { mail.value = item.textContent; picked = item.textContent; pop.hidden = true; };
           return item;
         });
         pop.append(...items);
         mail.oninput = () => {
           const name = mail.value.split('@')[0];
           const r = mail.getBoundingClientRect();
           pop.style.left = r.left + 'px';
           pop.style.top = (r.bottom + scrollY) + 'px';
           for (const item of items) item.textContent = name + '@' + item.dataset.domain;
           pop.hidden = !name;
         };
         </script>",
    );
    let env = TestEnv::new();
    env.ctx("c", &["page", "open", &server.url("/complete.html")])
        .ok();
    let mail = uid_of(&snapshot(&env, "c"), "textbox \"Email\"");
    env.ctx("c", &["element", "fill", &mail, "ada@example.org"])
        .ok();
    assert!(snapshot(&env, "c").contains("clickable \"ada@example.org\""));
    env.ctx("c", &["element", "select", &mail, "ada@example.org"])
        .ok();
    let read = |js: &str| env.ctx("c", &["runtime", "eval", js]).ok()["value"].clone();
    assert_eq!(
        read("[mail.value, picked, pop.hidden]"),
        json!(["ada@example.org", "ada@example.org", true])
    );
}

/// A control that takes no pointer, drawn by a bare element around it that takes the click for
/// it (PrimeVue's rating: each star a `div` with a pointer, its radio inside at `pointer-events:
/// none` under the star's icon): `element click` on the radio was `TARGET_OBSCURED` by the icon,
/// and the press guard kept a press there from the page. It is pressed where it shows, as a
/// user presses the star.
#[test]
fn a_control_that_takes_no_pointer_is_pressed_through_what_draws_it() {
    let server = HttpServer::start();
    let stars: String = (1..=5)
        .map(|n| {
            format!(
                "<div class=star onclick='pick({n})'><input type=radio name=rate value={n} aria-label='{n} stars'>
                 <span class=icon>★</span></div>"
            )
        })
        .collect();
    server.page(
        "/rating.html",
        "Rating",
        &format!(
            "<style>.star {{ display: inline-block; position: relative; cursor: pointer; width: 24px; height: 24px }}
                    .star input {{ position: absolute; inset: 0; margin: 0; opacity: 0; pointer-events: none }}
                    .icon {{ position: absolute; inset: 0; font-size: 20px }}</style>
             <div id=rating>{stars}</div>
             <script>let rated = 0; function pick(n) {{ rated = n; document.querySelectorAll('.star input')[n - 1].checked = true; }}</script>"
        ),
    );
    let env = TestEnv::new();
    env.ctx("r", &["page", "open", &server.url("/rating.html")])
        .ok();
    let four = uid_of(&snapshot(&env, "r"), "radio \"4 stars\"");
    env.ctx("r", &["element", "click", &four]).ok();
    let rated = env.ctx("r", &["runtime", "eval", "rated"]);
    assert_eq!(rated.ok()["value"], json!(4));
}

/// A cascade, whose groups show their options only once pressed: PrimeVue's CascadeSelect (a
/// combobox over a `tree` of `treeitem`s) and Element Plus's cascader (a read-only field in an
/// `el-cascader`, a `menu` a column). `element select <uid> "Asia / Japan"` presses each step
/// in turn (the tree's list was not looked for; the read-only field was refused as read-only);
/// `Japan` alone names the groups and hints the path.
#[test]
fn a_path_through_a_cascades_groups_is_chosen_step_by_step() {
    let server = HttpServer::start();
    server.page(
        "/cascade.html",
        "Cascades",
        "<style>.pop { position: absolute; background: white; border: 1px solid; z-index: 2 }
                [role=treeitem], [role=menuitem] { cursor: pointer; padding: 2px 6px }
                .col { display: inline-block; vertical-align: top }</style>
         <label id=placel>Place</label>
         <div id=place role=combobox aria-labelledby=placel aria-expanded=false tabindex=0 style='border: 1px solid; width: 160px'>Pick a place</div>
         <div id=tree class=pop role=tree hidden>
           <div role=treeitem aria-expanded=false>Europe<div role=group hidden><div role=treeitem>France</div></div></div>
           <div role=treeitem aria-expanded=false>Asia<div role=group hidden><div role=treeitem>Japan</div></div></div>
         </div>
         <p><label for=region>Region</label>
         <span class=x-cascader><span class=x-input><input id=region readonly placeholder=Region></span></span></p>
         <div id=cols class=pop hidden><div class=col role=menu><div role=menuitem aria-haspopup=true aria-expanded=false>Europe</div>
           <div role=menuitem aria-haspopup=true aria-expanded=false>Asia</div></div></div>
         <script>
         place.onclick = () => { tree.hidden = !tree.hidden; place.setAttribute('aria-expanded', String(!tree.hidden)); };
         tree.onclick = (e) => {
           const item = e.target.closest('[role=treeitem]');
           const group = item.querySelector('[role=group]');
           if (group) { group.hidden = !group.hidden; item.setAttribute('aria-expanded', String(!group.hidden)); return; }
           place.textContent = item.textContent; tree.hidden = true; place.setAttribute('aria-expanded', 'false');
         };
         const children = { Europe: ['France', 'Spain'], Asia: ['Japan'] };
         region.onclick = () => { cols.hidden = !cols.hidden; cols.style.top = '140px'; };
         cols.onclick = (e) => {
           const item = e.target.closest('[role=menuitem]');
           const kids = children[item.textContent];
           if (kids) {
             cols.querySelectorAll('.col')[1]?.remove();
             const col = document.createElement('div');
             col.className = 'col';
             col.setAttribute('role', 'menu');
             col.innerHTML = kids.map((k) => '<div role=menuitem>' + k + '</div>').join('');
             col.dataset.group = item.textContent;
             cols.append(col);
             return;
           }
           region.value = item.parentElement.dataset.group + ' / ' + item.textContent;
           cols.hidden = true;
         };
         </script>",
    );
    let env = TestEnv::new();
    env.ctx("p", &["page", "open", &server.url("/cascade.html")])
        .ok();
    let snap = snapshot(&env, "p");
    let read = |js: &str| env.ctx("p", &["runtime", "eval", js]).ok()["value"].clone();
    let place = uid_of(&snap, "combobox \"Place\"");
    let run = env.ctx("p", &["element", "select", &place, "Japan"]);
    let error = run.err("ELEMENT_NOT_FOUND", 3);
    assert_eq!(
        error["details"]["options"],
        json!(["Europe", "Asia"]),
        "{error}"
    );
    assert!(
        error["suggestions"][0]
            .as_str()
            .is_some_and(|s| s.contains(&format!("element select {place} \"<group> / Japan\""))),
        "{error}"
    );
    env.ctx("p", &["element", "select", &place, "Asia / Japan"])
        .ok();
    assert_eq!(
        read("[place.textContent, tree.hidden]"),
        json!(["Japan", true])
    );
    let region = uid_of(&snap, "textbox \"Region\"");
    env.ctx("p", &["element", "select", &region, "Asia > Japan"])
        .ok();
    assert_eq!(
        read("[region.value, cols.hidden]"),
        json!(["Asia / Japan", true])
    );
    // (Opened again, it shows the column of the last group chosen after its first: a step is
    // looked for in every column shown.)
    env.ctx("p", &["element", "select", &region, "Europe / Spain"])
        .ok();
    assert_eq!(
        read("[region.value, cols.hidden]"),
        json!(["Europe / Spain", true])
    );
}

/// A group with a disabled radio or checkbox (Spectrum's "Pick-up") takes `select` for the
/// others (it said the group "holds fields", not counting the disabled one as its own); the
/// disabled one asked for is `TARGET_NOT_INTERACTABLE`, "is disabled", nothing changed.
#[test]
fn a_group_with_a_disabled_member_takes_select_for_the_others() {
    let server = HttpServer::start();
    server.page(
        "/ship.html",
        "Shipping",
        "<div role=radiogroup aria-label=Shipping>
           <label><input type=radio name=ship id=std checked> Standard</label>
           <label><input type=radio name=ship id=exp> Express</label>
           <label><input type=radio name=ship id=pick disabled> Pick-up</label></div>
         <div role=group aria-label=Extras>
           <label><input type=checkbox id=wrap> Wrap</label>
           <label><input type=checkbox id=card> Card</label>
           <label><input type=checkbox id=bow disabled> Bow</label></div>",
    );
    let env = TestEnv::new();
    env.ctx("d", &["page", "open", &server.url("/ship.html")])
        .ok();
    let snap = snapshot(&env, "d");
    let read = |js: &str| env.ctx("d", &["runtime", "eval", js]).ok()["value"].clone();
    let shipping = uid_of(&snap, "radiogroup \"Shipping\"");
    env.ctx("d", &["element", "select", &shipping, "Express"])
        .ok();
    assert_eq!(read("[std.checked, exp.checked]"), json!([false, true]));
    let off = env.ctx("d", &["element", "select", &shipping, "Pick-up"]);
    let error = off.err("TARGET_NOT_INTERACTABLE", 5);
    assert_eq!(error["details"]["disabled"], "Pick-up", "{error}");
    assert_eq!(read("pick.checked"), json!(false));
    let extras = uid_of(&snap, "group \"Extras\"");
    env.ctx("d", &["element", "select", &extras, "Wrap,Card"])
        .ok();
    assert_eq!(read("[wrap.checked, card.checked]"), json!([true, true]));
    let off = env.ctx("d", &["element", "select", &extras, "Wrap,Bow"]);
    off.err("TARGET_NOT_INTERACTABLE", 5);
    assert_eq!(read("bow.checked"), json!(false));
}

/// Groups chosen from by their boxes' names: a group of checkboxes (Ant Design's checkbox
/// group) takes `select "Wrap,Card"`, those checked and the others not (it was
/// `TARGET_NOT_INTERACTABLE` "holds fields"); a radio button of no `name` (Ant Design's) takes
/// the name of another of the radios held with it.
#[test]
fn a_group_of_checkboxes_or_unnamed_radios_takes_select_by_their_names() {
    let server = HttpServer::start();
    server.page(
        "/groups.html",
        "Groups",
        "<div id=extras role=group aria-label=Extras>
           <label><input type=checkbox value=wrap> Wrap</label>
           <label><input type=checkbox value=card> Card</label>
           <label><input type=checkbox value=gift checked> Gift</label></div>
         <div id=size><span><label><input type=radio id=small value=s checked> Small</label></span>
           <span><label><input type=radio id=large value=l> Large</label></span></div>
         <p><label><input type=radio name=agree id=yes value=yes> Yes</label>
           <label><input type=radio name=agree id=no value=no checked> No</label></p>
         <p><label><input type=radio name=plain id=first> First</label>
           <label><input type=radio name=plain id=second> Second</label></p>
         <script>
         // (Radios of no name: the page keeps one checked, as Ant Design's group does.)
         for (const r of document.querySelectorAll('#size input')) {
           r.onchange = () => { for (const o of document.querySelectorAll('#size input')) o.checked = o === r; };
         }
         </script>",
    );
    let env = TestEnv::new();
    env.ctx("g", &["page", "open", &server.url("/groups.html")])
        .ok();
    let snap = snapshot(&env, "g");
    let read = |js: &str| env.ctx("g", &["runtime", "eval", js]).ok()["value"].clone();
    let checked = "[...document.querySelectorAll('#extras input')].map((b) => b.checked)";
    let extras = uid_of(&snap, "group \"Extras\"");
    env.ctx("g", &["element", "select", &extras, "Wrap, Card"])
        .ok();
    assert_eq!(read(checked), json!([true, true, false]));
    let again = env.ctx("g", &["element", "select", &extras, "wrap,card"]);
    assert!(
        again.ok()["result"]
            .as_str()
            .is_some_and(|r| r.contains("already")),
        "{}",
        again.stdout
    );
    let run = env.ctx("g", &["element", "select", &extras, "Gift,Bow"]);
    let error = run.err("ELEMENT_NOT_FOUND", 3);
    assert_eq!(error["details"]["missing"], "Bow", "{error}");
    assert_eq!(read(checked), json!([true, true, false]));

    let small = uid_of(&snap, "radio \"Small\"");
    env.ctx("g", &["element", "select", &small, "Large"]).ok();
    assert_eq!(read("[small.checked, large.checked]"), json!([false, true]));
    // (A group named by yes and no: the radio of that name, not a yes for this one.)
    let no = uid_of(&snap, "radio \"No\"");
    env.ctx("g", &["element", "select", &no, "Yes"]).ok();
    assert_eq!(read("[yes.checked, no.checked]"), json!([true, false]));
    // (Radios of no value, each `on`: a yes checks the one given.)
    let second = uid_of(&snap, "radio \"Second\"");
    env.ctx("g", &["element", "fill", &second, "on"]).ok();
    assert_eq!(
        read("[first.checked, second.checked]"),
        json!([false, true])
    );
}
