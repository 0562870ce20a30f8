//! Go knowledge about candidate moves: tactical facts, shapes, ladders and
//! the tree priors built from them. Depends on the rules core only; the
//! search, the endgame and handicap placement use it through the small
//! interfaces re-exported here.

pub mod book;
pub mod features;
pub mod katago;
pub mod ladder;
pub mod model;
pub mod net;
pub mod pat3;
pub mod priors;
pub mod shape;
pub mod table;
pub mod tactics;

use model::Model;
use net::Net;
use std::sync::{Arc, OnceLock};

/// The model built into the binary (`data/hane.model`, made by
/// `hane train`), loaded once and shared by every thread. A build whose
/// model file does not load is a broken build: it falls back to the
/// uniform model and says so on stderr.
pub fn builtin() -> Arc<Model> {
    static MODEL: OnceLock<Arc<Model>> = OnceLock::new();
    MODEL
        .get_or_init(|| {
            let bytes = include_bytes!("../../data/hane.model");
            Arc::new(Model::from_bytes(bytes).unwrap_or_else(|e| {
                log::error!("built-in model: {e}");
                Model::uniform()
            }))
        })
        .clone()
}

/// The policy network built into the binary (`data/hane.net`,
/// made by `hane train-net`; `docs/move-prediction.md`), loaded once and
/// shared. On the 19x19 screen against Pachi the search won 66.7% of 30
/// games with it and 27.0% of 37 without it, beside each other
/// (`docs/strength-log.md`, "The policy network on the 19x19 screen").
/// A build whose network does not load is a broken build: it plays with
/// the model alone and says so on stderr.
pub fn builtin_net() -> Option<Arc<Net>> {
    static NET: OnceLock<Option<Arc<Net>>> = OnceLock::new();
    NET.get_or_init(|| load_builtin(include_bytes!("../../data/hane.net"), "network"))
        .clone()
}

/// A built-in network from its bytes, or `None` with the reason on
/// stderr.
fn load_builtin(bytes: &[u8], what: &str) -> Option<Arc<Net>> {
    match Net::from_bytes(bytes) {
        Ok(net) => Some(Arc::new(net)),
        Err(e) => {
            log::error!("built-in {what}: {e}");
            None
        }
    }
}

/// The networks the engine plays with: one for the large boards, one for
/// the small (the search splits the sizes at 13x13, as its settings do).
/// `--net FILE` gives both the same; the built-in ones differ where a
/// small-board network is built in.
#[derive(Clone, Debug, Default)]
pub struct Networks {
    /// For boards below 13x13.
    pub small: Option<Arc<Net>>,
    /// For 13x13 and up.
    pub large: Option<Arc<Net>>,
    /// A KataGo network for every size (`--net` with a KataGo model
    /// file), in place of hane's.
    pub kata: Option<Arc<katago::KataNet>>,
}

impl Networks {
    /// One network (or none) for every size.
    pub fn same(net: Option<Arc<Net>>) -> Networks {
        Networks {
            small: net.clone(),
            large: net,
            kata: None,
        }
    }

    /// The networks a `--net` file gives: hane's on every size, or
    /// KataGo's.
    pub fn from_file(file: &NetFile) -> Networks {
        match file {
            NetFile::Hane(net) => Networks::same(Some(net.clone())),
            NetFile::Kata(net) => Networks {
                kata: Some(net.clone()),
                ..Networks::default()
            },
        }
    }

    /// The built-in networks.
    pub fn builtin() -> Networks {
        Networks {
            small: builtin_small_net().or_else(builtin_net),
            large: builtin_net(),
            kata: None,
        }
    }

    /// The network for a large board (`large`) or a small one.
    pub fn get(&self, large: bool) -> Option<&Arc<Net>> {
        if large {
            self.large.as_ref()
        } else {
            self.small.as_ref()
        }
    }

    /// Whether a large board (`large`) or a small one is searched by
    /// PUCT on a network's judgements rather than by playouts: with a
    /// KataGo network, or where hane's network has value heads (below
    /// 13x13 with the built-in ones).
    pub fn judges(&self, large: bool) -> bool {
        self.kata.is_some() || self.get(large).is_some_and(|n| n.heads_at().is_some())
    }
}

/// A network file given with `--net`: hane's own format or a KataGo
/// model, told apart by their contents (KataGo's are gzip streams).
#[derive(Clone, Debug)]
pub enum NetFile {
    /// hane's format.
    Hane(Arc<Net>),
    /// A KataGo model.
    Kata(Arc<katago::KataNet>),
}

impl NetFile {
    /// Whether it is a KataGo model.
    pub fn is_kata(&self) -> bool {
        matches!(self, NetFile::Kata(_))
    }

    /// Reads a network file of either kind.
    ///
    /// # Errors
    /// The file cannot be read, or its reader refuses it: one line with
    /// the path and the reason.
    pub fn from_file(path: &str) -> Result<NetFile, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
        if katago::is_gzip(&bytes) {
            katago::KataNet::from_bytes(&bytes)
                .map(|n| NetFile::Kata(Arc::new(n)))
                .map_err(|e| format!("{path}: {e}"))
        } else {
            Net::from_bytes(&bytes)
                .map(|n| NetFile::Hane(Arc::new(n)))
                .map_err(|e| format!("{path}: {e}"))
        }
    }
}

/// The small boards' network built into the binary
/// (`data/hane9.net`, made by `hane train-net`: 64 channels, 6 blocks),
/// trained on 9x9 positions of KataGo's self-play labelled by KataGo's
/// network (`docs/value-network.md`). Its value heads make PUCT the
/// search below 13x13 ([`Networks::judges`]). A build whose file does not load is a
/// broken build: the small boards get the large boards' network and it
/// says so on stderr.
pub fn builtin_small_net() -> Option<Arc<Net>> {
    static NET: OnceLock<Option<Arc<Net>>> = OnceLock::new();
    NET.get_or_init(|| {
        load_builtin(
            include_bytes!("../../data/hane9.net"),
            "small-board network",
        )
    })
    .clone()
}
