//! `downloads …`: the files the context's pages downloaded (issue 21.2).

resource_operations! { $ downloads_operations(downloads);
    DownloadsList = list,
}
