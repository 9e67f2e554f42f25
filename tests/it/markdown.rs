//! `page text --markdown` (issue 21.8) on a real Chromium: the main content as Markdown, each
//! link with the uid the snapshot gives it; navigation chrome and hidden content left out.

use cdt_e2e::{HttpServer, TestEnv, snapshot, uid_of};

#[test]
fn the_main_content_reads_as_markdown_with_link_uids() {
    let server = HttpServer::start();
    server.page(
        "/notes.html",
        "Notes",
        r#"<nav><a href="/home">Home</a></nav>
<main><h1>Release notes</h1>
<p>Version <strong>2.0</strong> is <em>faster</em>; see the <a href="/guide">new guide</a>.</p>
<ul><li>Routes<ul><li>block</li></ul></li><li>Downloads with <code>wait-download</code></li></ul>
<ol start="3"><li>Third</li></ol>
<table><tr><th>Name</th><th>Price</th></tr><tr><td>Widget | large</td><td>$5</td></tr></table>
<p hidden>secret</p><p aria-hidden="true">also secret</p>
<details><summary>Answer</summary>secret answer</details><div hidden="until-found">secret found</div>
<section id="more"><h2>More</h2><p>Tail</p></section></main>
<footer>Footer stuff</footer>"#,
    );
    let env = TestEnv::new();
    env.ctx("md", &["page", "open", &server.url("/notes.html")])
        .ok();
    let markdown = env.ctx("md", &["page", "text", "--markdown"]).ok()["markdown"]
        .as_str()
        .unwrap()
        .to_string();
    let guide = uid_of(&snapshot(&env, "md"), "link \"new guide\"");
    for expected in [
        "# Release notes\n\nVersion **2.0** is *faster*; see the [new guide](",
        &format!("/guide \"{guide}\")."),
        "- Routes\n  - block\n- Downloads with `wait-download`",
        "3. Third",
        "| Name | Price |\n| --- | --- |\n| Widget \\| large | $5 |",
        "## More\n\nTail",
        "\n\nAnswer\n\n",
    ] {
        assert!(
            markdown.contains(expected),
            "{expected:?} not in:\n{markdown}"
        );
    }
    for absent in ["Home", "Footer", "secret"] {
        assert!(!markdown.contains(absent), "{absent:?} in:\n{markdown}");
    }
    // One element only.
    let part = env.ctx("md", &["page", "text", "--markdown", "--selector", "#more"]);
    assert_eq!(part.ok()["markdown"], "## More\n\nTail");
    // The text form prints the Markdown itself.
    let text = env.ctx("md", &["page", "text", "--markdown", "--output", "text"]);
    assert!(
        text.stdout.starts_with("# Release notes\n"),
        "{}",
        text.stdout
    );
}

/// Web components read as they render: a shadow host's shadow tree with the light content its
/// slots show, blocks where the host is laid out as one, links with the snapshot's uids.
#[test]
fn markdown_reads_shadow_trees_as_they_render() {
    let server = HttpServer::start();
    server.page(
        "/shop.html",
        "Shop",
        r#"<main><h1>Shop</h1><x-card><span slot="title">Red kettle</span>Boils fast.</x-card>
<p>Also: <x-badge>new</x-badge> <x-badge></x-badge></p></main>
<script>
customElements.define('x-card', class extends HTMLElement { connectedCallback() {
  this.attachShadow({ mode: 'open' }).innerHTML = '<style>:host { display: block }</style>' +
    '<h2><slot name="title"></slot></h2><p><slot></slot> <a href="/kettle">Details</a></p><p hidden>secret</p>'; } });
customElements.define('x-badge', class extends HTMLElement { connectedCallback() {
  this.attachShadow({ mode: 'open' }).innerHTML = '<b><slot>soon</slot></b>'; } });
</script>"#,
    );
    let env = TestEnv::new();
    env.ctx("md", &["page", "open", &server.url("/shop.html")])
        .ok();
    let markdown = env.ctx("md", &["page", "text", "--markdown"]).ok()["markdown"]
        .as_str()
        .unwrap()
        .to_string();
    let details = uid_of(&snapshot(&env, "md"), "link \"Details\"");
    let expected = format!(
        "# Shop\n\n## Red kettle\n\nBoils fast. [Details]({} \"{details}\")\n\nAlso: **new** **soon**",
        server.url("/kettle")
    );
    assert_eq!(markdown, expected);
}
