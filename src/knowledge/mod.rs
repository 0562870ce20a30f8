//! Go knowledge about candidate moves: tactical facts, shapes, ladders and
//! the tree priors built from them. Depends on the rules core only; the
//! search, the endgame and handicap placement use it through the small
//! interfaces re-exported here.

pub mod book;
pub mod features;
pub mod ladder;
pub mod model;
pub mod net;
pub mod pat3;
pub mod priors;
pub mod shape;
pub mod table;
pub mod tactics;

use model::Model;
use std::sync::{Arc, OnceLock};

/// The model built into the binary (`src/knowledge/hane.model`, made by
/// `hane train`), loaded once and shared by every thread. A build whose
/// model file does not load is a broken build: it falls back to the
/// uniform model and says so on stderr.
pub fn builtin() -> Arc<Model> {
    static MODEL: OnceLock<Arc<Model>> = OnceLock::new();
    MODEL
        .get_or_init(|| {
            let bytes = include_bytes!("hane.model");
            Arc::new(Model::from_bytes(bytes).unwrap_or_else(|e| {
                log::error!("built-in model: {e}");
                Model::uniform()
            }))
        })
        .clone()
}
