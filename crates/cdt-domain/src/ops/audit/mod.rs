//! `audit`: checks of the page an agent can act on (issue 21.6).

resource_operations! { $ audit_operations(audit);
    Audit = audit,
}
