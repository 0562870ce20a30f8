//! Go knowledge about candidate moves: tactical facts, shapes, ladders and
//! the tree priors built from them. Depends on the rules core only; the
//! search, the endgame and handicap placement use it through the small
//! interfaces re-exported here.

pub mod ladder;
pub mod patterns;
pub mod priors;
pub mod tactics;
