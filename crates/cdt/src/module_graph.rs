//! Guard test: the modules of cdt import each other without a cycle (helpers live with their
//! concept; see `cdt_testkit::module_graph`). Run
//! `cargo test -p cdt module_graph -- --nocapture` to print the graph.

#[test]
fn modules_import_each_other_without_a_cycle() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    cdt_testkit::module_graph::assert_acyclic("cdt", &src, 8);
}
