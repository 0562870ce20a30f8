//! The lab commands' options: one variant of [`LabCommand`] a command,
//! as clap reads them (`hane help COMMAND`).

use super::parse_variant;
use clap::Subcommand;

/// The lab's commands, one variant each with its options.
#[derive(Subcommand, Debug)]
pub enum LabCommand {
    /// Train the move-prediction model from game records (one game a
    /// line, `ID<TAB>;B[pd];W[dp];...`, or SGF files).
    Train {
        /// Where to write the model.
        #[arg(long)]
        out: String,
        /// Use at most this many games.
        #[arg(long)]
        games: Option<usize>,
        /// Positions sampled for training.
        #[arg(long, default_value_t = 1_000_000)]
        positions: usize,
        /// MM iterations.
        #[arg(long, default_value_t = 20)]
        iterations: usize,
        /// Times a 3x3 shape must be played to get its own strength.
        #[arg(long, default_value_t = 10)]
        min_pat3: u32,
        /// Times a large shape must be played to get its own strength.
        #[arg(long, default_value_t = 10)]
        min_shape: u32,
        /// Learn only from the moves of this player (SGF `PB`/`PW`,
        /// case-insensitive); games without it are skipped.
        #[arg(long)]
        player: Option<String>,
        /// Start from the built-in model and train only its small groups
        /// (tactics, distances, edge); shapes and playout weights are kept.
        #[arg(long)]
        refit: bool,
        /// Game files.
        #[arg(required = true)]
        files: Vec<String>,
    },
    /// Train the priors' ownership gammas: Monte Carlo ownership of sampled
    /// positions against the moves strong players chose there.
    TrainOwner {
        /// Use at most this many games.
        #[arg(long)]
        games: Option<usize>,
        /// Fraction of the positions sampled.
        #[arg(long, default_value_t = 0.05)]
        rate: f64,
        /// Playouts a position for its ownership.
        #[arg(long, default_value_t = 128)]
        playouts: u32,
        /// Learn only from the moves of this player (SGF `PB`/`PW`).
        #[arg(long)]
        player: Option<String>,
        /// Game files.
        #[arg(required = true)]
        files: Vec<String>,
    },
    /// Write the 9x9 opening book from long searches (one thread, seeded
    /// by --seed): hane's move where it is to play, every first move and
    /// then the most visited replies where the opponent is. Given game
    /// files, extend a book instead, along the openings the games reached.
    Book {
        /// Where to write the book (data/book9.txt is built in).
        #[arg(long)]
        out: String,
        /// Playouts of each search.
        #[arg(long, default_value_t = 100_000)]
        playouts: u64,
        /// Plies of the openings.
        #[arg(long, default_value_t = 4)]
        depth: usize,
        /// Opponent replies followed after its first move.
        #[arg(long, default_value_t = 3)]
        width: usize,
        /// Komi of the searches.
        #[arg(long, default_value_t = 7.0, allow_negative_numbers = true)]
        komi: f64,
        /// With game files: the book to extend (default the built-in one).
        #[arg(long)]
        from: Option<String>,
        /// With game files: games an opening must be in to be searched.
        #[arg(long, default_value_t = 30)]
        min_games: usize,
        /// With game files: the share of a search's visits its move needs
        /// to go in the book.
        #[arg(long, default_value_t = 0.5)]
        min_share: f64,
        /// With game files: count only the openings where this player
        /// (SGF `PB`/`PW`) is to move.
        #[arg(long)]
        player: Option<String>,
        /// Game files (SGF, or one game a line): extend the book along
        /// their openings instead of walking the tree.
        games: Vec<String>,
    },
    /// Measure how well the heavy playouts judge life and death: the
    /// share of playouts that keep each chain a referee called alive and
    /// take each one it called dead (lines `SGF MOVE VERTEX alive|dead`,
    /// with `after COLOR VERTEX` for a move played first, as
    /// scripts/dragon-status writes them). --tune sets the playouts'
    /// switches; --seed the stream.
    Life {
        /// Playouts from each position.
        #[arg(long, default_value_t = 200)]
        playouts: usize,
        /// After the table, list the chains wrong in most playouts, each
        /// as its input line's first four fields (and the move played
        /// first) and its error.
        #[arg(long)]
        misjudged: bool,
        /// The chains and their status.
        file: String,
    },
    /// How well the heavy playouts alone forecast the results of finished
    /// games: the Brier score of Black's share of the playouts from
    /// positions of the games (simulation balancing's measure), for the
    /// playout policy (--tune applies) and variants of it, compared
    /// position by position; or, with --fit, fit the playout weights to
    /// those results by simulation balancing; or, with --label, value the
    /// positions by long searches for --targets.
    Balance {
        /// Use at most this many games.
        #[arg(long)]
        games: Option<usize>,
        /// Playouts from each position, for each policy.
        #[arg(long, default_value_t = 64)]
        playouts: u32,
        /// The first position: after this many moves.
        #[arg(long, default_value_t = 60)]
        from: usize,
        /// The last position: after at most this many moves.
        #[arg(long, default_value_t = 200)]
        to: usize,
        /// A position every this many moves.
        #[arg(long, default_value_t = 20)]
        every: usize,
        /// Komi for counting the playouts (area scoring).
        #[arg(long, default_value_t = 7.5)]
        komi: f64,
        /// The results of line-format games: the TYGEM index
        /// (tab-separated, the id first and the result ninth).
        #[arg(long)]
        results: Option<String>,
        /// A variant of the policy: "NAME=VALUE ..." search constants on
        /// top of the base (repeatable).
        #[arg(long = "variant", value_name = "SETTINGS", value_parser = parse_variant)]
        variants: Vec<(String, Vec<(String, f64)>)>,
        /// Take the playout weights from this model file (default: the
        /// model built into hane).
        #[arg(long)]
        model: Option<String>,
        /// A variant with the base constants and this model file's
        /// playout weights (repeatable).
        #[arg(long = "variant-model", value_name = "FILE")]
        variant_models: Vec<String>,
        /// Instead of measuring, fit the playout weights by simulation
        /// balancing and write the model here after each pass.
        #[arg(long, value_name = "FILE", conflicts_with_all = ["variants", "variant_models"])]
        fit: Option<String>,
        /// Fit: passes over the positions.
        #[arg(long, default_value_t = 1, requires = "fit")]
        epochs: usize,
        /// Fit: positions per step.
        #[arg(long, default_value_t = 64, requires = "fit")]
        batch: usize,
        /// Fit: the step size, in natural-log units of gamma (Adam).
        #[arg(long, default_value_t = 0.01, requires = "fit")]
        rate: f64,
        /// Fit: the pull towards the starting weights.
        #[arg(long, default_value_t = 0.01, requires = "fit")]
        pull: f64,
        /// Forecast (or fit) the values of this labels file, written by
        /// --label, instead of the games' results, on the positions it
        /// values.
        #[arg(long, value_name = "FILE", conflicts_with = "label")]
        targets: Option<String>,
        /// Instead of measuring, value every position by a search (--tune
        /// applies; one thread each, positions in parallel) and write the
        /// labels file here.
        #[arg(long, value_name = "FILE", conflicts_with_all = ["fit", "variants", "variant_models", "model"])]
        label: Option<String>,
        /// Label: playouts of each position's search.
        #[arg(long, default_value_t = 10_000, requires = "label")]
        label_playouts: u64,
        /// Game files.
        #[arg(required = true)]
        files: Vec<String>,
    },
    /// Train the policy network that corrects the move model, on game
    /// records, measuring it on held-out games as it goes.
    TrainNet {
        /// Where to write the network (rewritten at every measurement).
        #[arg(long)]
        out: String,
        /// Held-out game files to measure on (never trained on).
        #[arg(long, required = true, num_args = 1..)]
        holdout: Vec<String>,
        /// Held-out positions to measure on.
        #[arg(long, default_value_t = 4000)]
        holdout_positions: usize,
        /// Continue training this network instead of a new one.
        #[arg(long)]
        from: Option<String>,
        /// Use at most this many training games.
        #[arg(long)]
        games: Option<usize>,
        /// Trunk channels of a new network.
        #[arg(long, default_value_t = 32)]
        channels: usize,
        /// Residual blocks of a new network.
        #[arg(long, default_value_t = 4)]
        blocks: usize,
        /// Positions per step.
        #[arg(long, default_value_t = 64)]
        batch: usize,
        /// Adam's step size (falling to a tenth over the last 30% of
        /// the steps).
        #[arg(long, default_value_t = 0.002)]
        rate: f32,
        /// Steps to take.
        #[arg(long, default_value_t = 20_000)]
        steps: usize,
        /// Steps between measurements and checkpoints.
        #[arg(long, default_value_t = 500)]
        every: usize,
        /// The teacher's labels of training positions
        /// (`scripts/label-katago`): train on those positions alone, the
        /// value heads too.
        #[arg(long, value_name = "FILE")]
        labels: Option<String>,
        /// The teacher's labels of held-out positions: measure on those.
        #[arg(long, value_name = "FILE")]
        holdout_labels: Option<String>,
        /// The held-out games' results (the TYGEM index), to count how
        /// often the value picks the winner.
        #[arg(long, value_name = "FILE")]
        results: Option<String>,
        /// Hidden units of the value heads added to a network without.
        #[arg(long, default_value_t = 32)]
        heads: usize,
        /// The teacher's share of the policy's target (the played move
        /// has the rest).
        #[arg(long, default_value_t = 0.5)]
        teacher: f32,
        /// Go on from the network in --out and its state (FILE.state), as
        /// a stopped run with the same options would have gone on.
        #[arg(long)]
        resume: bool,
        /// Game files to train on.
        #[arg(required = true)]
        files: Vec<String>,
    },
    /// Measure move prediction on game records: top-1/5/10 accuracy and
    /// the mean log-likelihood of the played moves.
    Predict {
        /// A model file (default: the model built into hane).
        #[arg(long)]
        model: Option<String>,
        /// A policy network file (`hane train-net`) to correct the model.
        #[arg(long)]
        net: Option<String>,
        /// Use at most this many games.
        #[arg(long)]
        games: Option<usize>,
        /// Measure only the moves of this player (SGF `PB`/`PW`).
        #[arg(long)]
        player: Option<String>,
        /// The teacher's labels of positions of these games
        /// (`scripts/label-katago`): measure the value heads on them too.
        #[arg(long, value_name = "FILE")]
        labels: Option<String>,
        /// The games' results (the TYGEM index), to count how often the
        /// value picks the winner.
        #[arg(long, value_name = "FILE", requires = "labels")]
        results: Option<String>,
        /// Game files.
        #[arg(required = true)]
        files: Vec<String>,
    },
}
