//! The page table of a slot: short ids (`1`, `2`, …) for browser targets, never reused while
//! the slot lives, and which page is current.

use cdt_domain::ports::TargetInfo;
use cdt_domain::{PageId, PageInfo};

#[derive(Debug, Default)]
pub struct PageTable {
    entries: Vec<(PageId, TargetInfo)>,
    last_id: u32,
    current: Option<PageId>,
    /// The blank tab the browser started with, until something navigates it.
    pristine: Option<PageId>,
}

impl PageTable {
    /// Reconciles with the browser's targets: new targets get the next ids (in creation
    /// order), vanished ones are dropped, and a vanished current page is replaced by the page
    /// that opened it when that is still open (as a browser goes back to the page a popup
    /// came from), else by the newest remaining one.
    pub fn sync(&mut self, targets: &[TargetInfo]) {
        let opener = self
            .current
            .and_then(|id| self.entries.iter().find(|(known, _)| *known == id))
            .and_then(|(_, entry)| entry.opener.clone());
        self.entries
            .retain(|(_, entry)| targets.iter().any(|t| t.target_id == entry.target_id));
        for target in targets {
            match self
                .entries
                .iter_mut()
                .find(|(_, entry)| entry.target_id == target.target_id)
            {
                Some((_, entry)) => entry.clone_from(target),
                None => {
                    self.last_id += 1;
                    self.entries.push((PageId(self.last_id), target.clone()));
                }
            }
        }
        let alive = |id: &PageId| self.entries.iter().any(|(known, _)| known == id);
        if !self.current.as_ref().is_some_and(alive) {
            let opener = opener.and_then(|target| self.id_of(&target));
            self.current = opener.or_else(|| self.entries.last().map(|(id, _)| *id));
        }
        if !self.pristine.as_ref().is_some_and(alive) {
            self.pristine = None;
        }
    }

    /// Forgets every target (the browser was replaced) but keeps the id counter.
    pub fn reset(&mut self) {
        self.entries.clear();
        self.current = None;
        self.pristine = None;
    }

    /// Marks the browser's initial blank tab as reusable by the first `page open`.
    pub fn mark_pristine(&mut self) {
        if let [(id, entry)] = self.entries.as_slice()
            && entry.url == "about:blank"
        {
            self.pristine = Some(*id);
        }
    }

    pub fn take_pristine(&mut self) -> Option<(PageId, String)> {
        let id = self.pristine.take()?;
        self.target_of(id).map(|target| (id, target))
    }

    pub fn id_of(&self, target_id: &str) -> Option<PageId> {
        self.entries
            .iter()
            .find(|(_, entry)| entry.target_id == target_id)
            .map(|(id, _)| *id)
    }

    pub fn target_of(&self, id: PageId) -> Option<String> {
        self.entries
            .iter()
            .find(|(known, _)| *known == id)
            .map(|(_, entry)| entry.target_id.clone())
    }

    pub fn current(&self) -> Option<PageId> {
        self.current
    }

    pub fn set_current(&mut self, id: PageId) {
        self.current = Some(id);
    }

    /// Page id of every known target, for labelling telemetry.
    pub fn ids_by_target(&self) -> std::collections::HashMap<String, u32> {
        self.entries
            .iter()
            .map(|(id, entry)| (entry.target_id.clone(), id.0))
            .collect()
    }

    pub fn ids(&self) -> Vec<u32> {
        self.entries.iter().map(|(id, _)| id.0).collect()
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn info(&self, id: PageId) -> Option<PageInfo> {
        self.entries
            .iter()
            .find(|(known, _)| *known == id)
            .map(|(id, entry)| self.describe(*id, entry))
    }

    pub fn list(&self) -> Vec<PageInfo> {
        self.entries
            .iter()
            .map(|(id, entry)| self.describe(*id, entry))
            .collect()
    }

    fn describe(&self, id: PageId, entry: &TargetInfo) -> PageInfo {
        PageInfo {
            id,
            url: entry.url.clone(),
            title: entry.title.clone(),
            current: self.current == Some(id),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn target(id: &str, url: &str) -> TargetInfo {
        TargetInfo {
            target_id: id.into(),
            url: url.into(),
            title: String::new(),
            opener: None,
        }
    }

    #[test]
    fn ids_are_stable_and_never_reused() {
        let mut table = PageTable::default();
        table.sync(&[target("A", "about:blank"), target("B", "http://x/")]);
        assert_eq!(table.ids(), vec![1, 2]);
        assert_eq!(table.current(), Some(PageId(2)));
        table.sync(&[target("A", "about:blank")]);
        assert_eq!(
            table.current(),
            Some(PageId(1)),
            "a closed current page moves current to a live one"
        );
        table.sync(&[target("A", "about:blank"), target("C", "http://y/")]);
        assert_eq!(table.ids(), vec![1, 3], "id 2 is never handed out again");
        table.reset();
        table.sync(&[target("D", "about:blank")]);
        assert_eq!(table.ids(), vec![4]);
    }

    #[test]
    fn a_closed_popup_hands_current_back_to_its_opener() {
        let mut table = PageTable::default();
        let popup = TargetInfo {
            opener: Some("A".into()),
            ..target("P", "http://x/login")
        };
        table.sync(&[target("A", "http://x/"), popup.clone()]);
        table.sync(&[target("A", "http://x/"), popup, target("B", "http://y/")]);
        table.set_current(PageId(2));
        table.sync(&[target("A", "http://x/"), target("B", "http://y/")]);
        assert_eq!(
            table.current(),
            Some(PageId(1)),
            "the popup's opener, not the newest page"
        );
        table.sync(&[target("B", "http://y/")]);
        assert_eq!(table.current(), Some(PageId(3)), "no opener: the newest");
    }

    #[test]
    fn only_a_lone_blank_tab_is_pristine() {
        let mut table = PageTable::default();
        table.sync(&[target("A", "about:blank")]);
        table.mark_pristine();
        assert_eq!(table.take_pristine(), Some((PageId(1), "A".into())));
        assert_eq!(table.take_pristine(), None);
        let mut busy = PageTable::default();
        busy.sync(&[target("A", "http://x/")]);
        busy.mark_pristine();
        assert_eq!(busy.take_pristine(), None);
    }
}
