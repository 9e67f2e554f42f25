//! `cdt element upload`: put files into an <input type=file>, or into the file chooser an element
//! opens when clicked (a drop zone, a styled button, a label).

use super::*;
use crate::ops::prelude::*;

/// `element.upload`: the operation (its [`OpSpec`] below).
pub struct ElementUpload;

impl Op for ElementUpload {
    type Params = UploadParams;
    type Reply = crate::ops::ActionReply;
    const SPEC: OpSpec = OpSpec {
        name: "element.upload",
        summary: "Put files into an <input type=file>, or the file chooser an element opens (a drop zone, a styled button)",
        default_timeout_ms: S10,
        effect: Effect::Acts,
        errors: &[E::ElementNotFound, E::UidStale, E::TargetNotInteractable, E::IoError, E::DialogBlocking, E::NavigationInterrupted, E::PageNotFound, E::CdpDisconnected],
        examples: &[
            "cdt element upload e11 ./cv.pdf",
            "cdt element upload e11 ./cv.pdf ./photo.png",
            "cdt element upload --text 'Drop files here' ./photo.png",
        ],
        tools: &[Tool::of::<UploadFile>("upload_file", ToolFamily::DevTools, "Put files in a file input.")],
        aliases: &[Alias::new(&["upload"], "upload <uid|selector|text> <path>…", "put files into a file input, or the chooser an element opens", "upload #photo ./cv.pdf", Form::ElementFiles)],
        #[cfg(feature = "cli")]
        cli: CliFns::of::<args::UploadArgs>(),
        ..OpSpec::DEFAULTS
    };
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct UploadParams {
    #[serde(flatten)]
    pub target: ElementTarget,
    /// Files to put in the `<input type=file>` (absolute paths; they must exist).
    pub files: Vec<String>,
    #[serde(default)]
    pub no_wait: bool,
}

/// `upload_file`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct UploadFile {
    /// The file input, or what opens one.
    pub uid: String,
    /// Absolute paths.
    pub file_paths: Vec<String>,
    #[serde(default)]
    pub page: Option<u32>,
}

impl ToolShape for UploadFile {
    /// The daemon has a working directory of its own, and an MCP server is no shell: a
    /// relative path would name a file the caller never meant.
    fn operation(self) -> Result<Operation, CdtError> {
        if let Some(relative) = self
            .file_paths
            .iter()
            .find(|path| !std::path::Path::new(path).is_absolute())
        {
            return Err(CdtError::validation(format!(
                "upload_file needs absolute paths; {relative:?} is relative"
            ))
            .with_details(serde_json::json!({ "filePaths": self.file_paths }))
            .hinted("Pass each file as an absolute path, e.g. /home/me/cv.pdf"));
        }
        Ok(Operation::ElementUpload(UploadParams {
            target: ElementTarget::uid(self.uid, self.page),
            files: self.file_paths,
            no_wait: false,
        }))
    }
}

#[cfg(feature = "cli")]
mod args {
    
    use clap::Args;
    
    use super::ElementTarget;
    use crate::ops::cli::CliArgs;
    #[allow(unused_imports)]
    use crate::ops::element::args::*;

#[derive(Debug, Args)]
    pub struct UploadArgs {
        /// The file input's uid, or an element's that opens a file chooser when clicked.
        #[arg(value_name = "UID")]
        pub uid: Option<String>,
        /// Files to upload.
        #[arg(value_name = "FILE")]
        pub files: Vec<String>,
        #[arg(long, value_name = "CSS")]
        pub selector: Option<String>,
        /// The element by its visible text (a drop zone's "Drop files here").
        #[arg(long, value_name = "TEXT")]
        pub text: Option<String>,
        #[arg(long, value_name = "ID")]
        pub page: Option<u32>,
        #[arg(long)]
        pub no_wait: bool,
    }

impl CliArgs for UploadArgs {
        type Given = ActionGiven;
        fn given(self) -> ActionGiven {
            let mut files = self.files;
            let mut uid = self.uid;
            // With --selector or --text, every positional is a file.
            if (self.selector.is_some() || self.text.is_some())
                && let Some(first) = uid.take()
            {
                files.insert(0, first);
            }
            ActionGiven {
                target: ElementTarget {
                    uid,
                    selector: self.selector,
                    text: self.text,
                    page: self.page,
                },
                no_wait: self.no_wait,
                files: Some(files),
                ..ActionGiven::default()
            }
        }
    }

}
