//! Tests of the rules core on diagrams, and property tests over random
//! legal games.

mod board;
mod game;
