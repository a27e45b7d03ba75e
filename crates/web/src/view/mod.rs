//! What the page shows, computed as plain data from the controller's state: the side panel
//! (`panel`) and the test hook's snapshot (`snapshot`). The page layer only copies these into
//! elements, so every word and every enabled button is decided (and tested) here.

pub mod panel;
pub mod snapshot;
