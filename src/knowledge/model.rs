//! The move-prediction model: a strength (gamma) for every feature value,
//! its file format, and the strength of a move.
//!
//! A move's strength is the product of the gammas of its features: one
//! per small group that is present, the 3x3 shape's (or the shared gamma
//! of unlisted 3x3 shapes), and the largest listed large shape's. The
//! probability that a move is played is its strength over the sum of the
//! strengths of every candidate (Bradley-Terry, as in Coulom 2007).
//!
//! The model also holds the playouts' shape weights: a gamma for each 3x3
//! shape with atari information around the last two moves, and a gamma
//! for playing elsewhere ("tenuki"), learned from the same games.
//!
//! File format, little-endian: the magic `HANEMODL`, the format version,
//! the feature layout (group sizes, shape sizes), the small gammas, the
//! unlisted-3x3 gamma, the 3x3 table, the large-shape table, the playout
//! gammas (unlisted shape, tenuki, table), and an FNV-1a checksum of
//! everything before it. A file of another version or layout, a
//! truncated file or a bad checksum is refused.

use super::features::{GROUPS, Group, MoveFeatures};
use super::pat3;
use super::shape;
use super::table::Table;
use std::fmt;

const MAGIC: &[u8; 8] = b"HANEMODL";
/// The format version this build reads and writes.
pub const VERSION: u32 = 1;

/// Why a model file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ModelError {
    /// Not a hane model (wrong magic).
    NotAModel,
    /// Written by another format version.
    Version {
        /// The file's version.
        found: u32,
    },
    /// Its features are not the ones this build computes.
    Layout,
    /// The file ends early.
    Truncated,
    /// The contents do not match the checksum.
    Checksum,
    /// A gamma is not a positive finite number.
    BadGamma,
}

impl fmt::Display for ModelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ModelError::NotAModel => write!(f, "not a hane model file"),
            ModelError::Version { found } => write!(
                f,
                "model file format {found}, but this hane reads format {VERSION}: retrain it with `hane train`"
            ),
            ModelError::Layout => write!(
                f,
                "model file made for other features than this hane computes: retrain it with `hane train`"
            ),
            ModelError::Truncated => write!(f, "model file is truncated"),
            ModelError::Checksum => write!(f, "model file is corrupt (checksum mismatch)"),
            ModelError::BadGamma => write!(f, "model file holds an invalid strength"),
        }
    }
}

impl std::error::Error for ModelError {}

/// The trained strengths.
#[derive(Clone, Debug)]
pub struct Model {
    /// Gammas of the small groups, group after group, value 1 first.
    small: Vec<f32>,
    /// Where each group starts in `small`.
    offsets: [usize; GROUPS],
    /// Gamma of 3x3 shapes not in the table.
    pat3_other: f32,
    pat3: Table,
    shapes: Table,
    /// The tables as lists, for writing.
    pat3_list: Vec<(u64, f32)>,
    shape_list: Vec<(u64, f32)>,
    playout: PlayoutGammas,
    /// Playout gamma of every compact atari code ([`pat3::compact`]).
    playout_table: Vec<f32>,
}

/// A model's shape gammas, as listed ([`Model::shape_tables`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ShapeTables<'a> {
    /// Canonical 3x3 codes and their gammas, sorted.
    pub pat3: &'a [(u64, f32)],
    /// Large-shape hashes and their gammas, sorted.
    pub shapes: &'a [(u64, f32)],
    /// The gamma of unlisted 3x3 codes.
    pub pat3_other: f32,
}

/// The playouts' shape weights, as trained.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayoutGammas {
    /// Gamma of a shape not in the list.
    pub other: f32,
    /// Gamma of playing away from the last two moves.
    pub tenuki: f32,
    /// Canonical atari codes and their gammas.
    pub shapes: Vec<(u64, f32)>,
}

impl PlayoutGammas {
    /// Every shape alike, and as likely as playing elsewhere.
    pub fn uniform() -> PlayoutGammas {
        PlayoutGammas {
            other: 1.0,
            tenuki: 1.0,
            shapes: Vec::new(),
        }
    }

    /// The gamma of every compact atari code: the listed ones under all
    /// their symmetries, the others' shared gamma elsewhere.
    fn table(&self) -> Vec<f32> {
        let mut t = vec![self.other; pat3::ATARI_CODES];
        for &(c, g) in &self.shapes {
            for i in pat3::atari_indices(c as u32) {
                t[i] = g;
            }
        }
        t
    }
}

/// Offsets of each group's values in the flat small-gamma list, and the
/// list's length.
pub fn small_layout() -> ([usize; GROUPS], usize) {
    let mut offsets = [0; GROUPS];
    let mut n = 0;
    for (o, g) in offsets.iter_mut().zip(Group::ALL) {
        *o = n;
        n += g.values();
    }
    (offsets, n)
}

impl Model {
    /// A model from its parts. `small` holds the small groups' gammas in
    /// [`small_layout`] order; the tables map canonical 3x3 codes and
    /// large-shape hashes to gammas.
    pub fn new(
        small: Vec<f32>,
        pat3_other: f32,
        pat3: Vec<(u64, f32)>,
        shapes: Vec<(u64, f32)>,
        playout: PlayoutGammas,
    ) -> Model {
        let (offsets, n) = small_layout();
        debug_assert_eq!(small.len(), n);
        let mut pat3_list = pat3;
        let mut shape_list = shapes;
        let mut playout = playout;
        pat3_list.sort_by_key(|e| e.0);
        shape_list.sort_by_key(|e| e.0);
        playout.shapes.sort_by_key(|e| e.0);
        let playout_table = playout.table();
        Model {
            playout,
            playout_table,
            small,
            offsets,
            pat3_other,
            // Every symmetry of a listed code, so that lookups take the
            // raw code as seen and never compute the canonical one.
            pat3: Table::new(
                &pat3_list
                    .iter()
                    .flat_map(|&(c, g)| pat3::variants(c as u32).map(|v| (v as u64, g)))
                    .collect::<Vec<_>>(),
            ),
            shapes: Table::new(&shape_list),
            pat3_list,
            shape_list,
        }
    }

    /// A model that knows nothing: every move equally strong.
    pub fn uniform() -> Model {
        Model::new(
            vec![1.0; small_layout().1],
            1.0,
            Vec::new(),
            Vec::new(),
            PlayoutGammas::uniform(),
        )
    }

    /// The gamma of value `v` (1-based) of group `g`.
    #[inline]
    pub fn small_gamma(&self, g: Group, v: u8) -> f32 {
        if v == 0 {
            1.0
        } else {
            self.small[self.offsets[g as usize] + v as usize - 1]
        }
    }

    /// The gamma of a 3x3 code (raw or canonical).
    #[inline]
    pub fn pat3_gamma(&self, code: u32) -> f32 {
        self.pat3.get(code as u64).unwrap_or(self.pat3_other)
    }

    /// True if the large shape hash `h` has a gamma.
    #[inline]
    pub fn lists_shape(&self, h: u64) -> bool {
        self.shapes.get(h).is_some()
    }

    /// The gamma of the largest listed shape, if any is listed.
    #[inline]
    pub fn shape_gamma(&self, hashes: &shape::ShapeHashes) -> Option<f32> {
        hashes.iter().rev().find_map(|&h| self.shapes.get(h))
    }

    /// The product of a move's 3x3 and large-shape gammas (1 for a
    /// large shape none of whose sizes is listed).
    #[inline]
    pub fn shapes_gamma(&self, f: &MoveFeatures) -> f32 {
        self.pat3_gamma(f.pat3) * self.shape_gamma(&f.shapes).unwrap_or(1.0)
    }

    /// The strength of a move.
    pub fn strength(&self, f: &MoveFeatures) -> f32 {
        let mut s = 1.0;
        for g in Group::ALL {
            s *= self.small_gamma(g, f.get(g));
        }
        if f.get(Group::Pass) != 0 {
            return s;
        }
        s * self.shapes_gamma(f)
    }

    /// The playout gamma of a raw atari code ([`pat3::atari_code`]).
    #[inline]
    pub fn playout_gamma(&self, code: pat3::Code) -> f32 {
        self.playout_table[pat3::compact(code)]
    }

    /// Starts loading the playout gamma of `code` into the cache (the
    /// table is larger than the cache): see [`crate::prefetch`].
    #[inline]
    pub fn prefetch_playout_gamma(&self, code: pat3::Code) {
        crate::prefetch::prefetch(&self.playout_table, pat3::compact(code));
    }

    /// The playout gamma of playing away from the last two moves.
    pub fn playout_tenuki(&self) -> f32 {
        self.playout.tenuki
    }

    /// The small groups' gammas, in [`small_layout`] order.
    pub fn small_gammas(&self) -> &[f32] {
        &self.small
    }

    /// The listed canonical 3x3 codes and large-shape hashes with their
    /// gammas, sorted, and the gamma of unlisted 3x3 codes.
    pub fn shape_tables(&self) -> ShapeTables<'_> {
        ShapeTables {
            pat3: &self.pat3_list,
            shapes: &self.shape_list,
            pat3_other: self.pat3_other,
        }
    }

    /// This model with other small-group gammas (same layout); shapes and
    /// playout weights unchanged.
    pub fn with_small_gammas(&self, small: Vec<f32>) -> Model {
        debug_assert_eq!(small.len(), self.small.len());
        Model {
            small,
            ..self.clone()
        }
    }

    /// The playouts' shape weights, as trained (listed shapes sorted).
    pub fn playout_gammas(&self) -> &PlayoutGammas {
        &self.playout
    }

    /// This model with other playout weights; the priors unchanged.
    pub fn with_playout_gammas(&self, playout: PlayoutGammas) -> Model {
        let mut playout = playout;
        playout.shapes.sort_by_key(|e| e.0);
        Model {
            playout_table: playout.table(),
            playout,
            ..self.clone()
        }
    }

    /// Number of listed 3x3 shapes and large shapes.
    pub fn table_sizes(&self) -> (usize, usize) {
        (self.pat3_list.len(), self.shape_list.len())
    }

    /// The model as file bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        out.extend_from_slice(MAGIC);
        put_u32(&mut out, VERSION);
        put_layout(&mut out);
        for &g in &self.small {
            out.extend_from_slice(&g.to_le_bytes());
        }
        out.extend_from_slice(&self.pat3_other.to_le_bytes());
        out.extend_from_slice(&self.playout.other.to_le_bytes());
        out.extend_from_slice(&self.playout.tenuki.to_le_bytes());
        for list in [&self.pat3_list, &self.shape_list, &self.playout.shapes] {
            put_u32(&mut out, list.len() as u32);
            for &(k, g) in list.iter() {
                out.extend_from_slice(&k.to_le_bytes());
                out.extend_from_slice(&g.to_le_bytes());
            }
        }
        let sum = fnv1a(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads a model file.
    ///
    /// # Errors
    /// The file cannot be read, or its bytes are not a model
    /// ([`ModelError`]); the message names the file.
    pub fn from_file(path: &str) -> Result<Model, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("cannot read model {path}: {e}"))?;
        Model::from_bytes(&bytes).map_err(|e| format!("model {path}: {e}"))
    }

    /// Reads a model from file bytes.
    ///
    /// # Errors
    /// See [`ModelError`].
    pub fn from_bytes(bytes: &[u8]) -> Result<Model, ModelError> {
        let mut r = Reader { bytes, at: 0 };
        if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
            return Err(ModelError::NotAModel);
        }
        r.at = MAGIC.len();
        let version = r.u32()?;
        if version != VERSION {
            return Err(ModelError::Version { found: version });
        }
        let mut layout = Vec::new();
        put_layout(&mut layout);
        if r.take(layout.len())? != layout.as_slice() {
            return Err(ModelError::Layout);
        }
        let n = small_layout().1;
        let small = (0..n).map(|_| r.gamma()).collect::<Result<Vec<_>, _>>()?;
        let pat3_other = r.gamma()?;
        let (other, tenuki) = (r.gamma()?, r.gamma()?);
        let mut lists = [Vec::new(), Vec::new(), Vec::new()];
        for list in lists.iter_mut() {
            let len = r.u32()? as usize;
            // 12 bytes an entry: refuse a length the file cannot hold
            // before allocating for it.
            if len > (bytes.len() - r.at) / 12 {
                return Err(ModelError::Truncated);
            }
            list.reserve(len);
            for _ in 0..len {
                let k = u64::from_le_bytes(r.array()?);
                list.push((k, r.gamma()?));
            }
        }
        let body = r.at;
        let sum = u64::from_le_bytes(r.array()?);
        if sum != fnv1a(&bytes[..body]) {
            return Err(ModelError::Checksum);
        }
        let [pat3, shapes, playout] = lists;
        let playout = PlayoutGammas {
            other,
            tenuki,
            shapes: playout,
        };
        Ok(Model::new(small, pat3_other, pat3, shapes, playout))
    }
}

fn put_u32(out: &mut Vec<u8>, v: u32) {
    out.extend_from_slice(&v.to_le_bytes());
}

/// What the file must agree on with this build: the groups' sizes and
/// the shape sizes.
fn put_layout(out: &mut Vec<u8>) {
    put_u32(out, GROUPS as u32);
    for g in Group::ALL {
        put_u32(out, g.values() as u32);
    }
    put_u32(out, shape::MIN_SIZE as u32);
    put_u32(out, shape::MAX_SIZE as u32);
}

fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], ModelError> {
        let end = self.at.checked_add(n).ok_or(ModelError::Truncated)?;
        let s = self.bytes.get(self.at..end).ok_or(ModelError::Truncated)?;
        self.at = end;
        Ok(s)
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], ModelError> {
        let mut a = [0; N];
        a.copy_from_slice(self.take(N)?);
        Ok(a)
    }

    fn u32(&mut self) -> Result<u32, ModelError> {
        Ok(u32::from_le_bytes(self.array()?))
    }

    fn gamma(&mut self) -> Result<f32, ModelError> {
        let g = f32::from_le_bytes(self.array()?);
        if g.is_finite() && g > 0.0 {
            Ok(g)
        } else {
            Err(ModelError::BadGamma)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Model {
        let n = small_layout().1;
        let small = (0..n).map(|i| 0.5 + i as f32).collect();
        Model::new(
            small,
            0.25,
            vec![(3, 2.0), (17, 0.125)],
            vec![(99, 8.0), (12345, 0.5)],
            PlayoutGammas {
                other: 0.75,
                tenuki: 3.0,
                shapes: vec![(pat3::canonical(5) as u64, 6.0)],
            },
        )
    }

    #[test]
    fn a_model_survives_a_round_trip() {
        let m = sample();
        let bytes = m.to_bytes();
        let back = Model::from_bytes(&bytes).unwrap();
        assert_eq!(back.to_bytes(), bytes);
        assert_eq!(back.pat3_gamma(3), 2.0);
        for v in pat3::variants(17) {
            assert_eq!(back.pat3_gamma(v), 0.125, "every symmetry of a listed code");
        }
        assert_eq!(back.pat3_gamma(4), 0.25);
        let mut h = [0; shape::SIZES];
        assert_eq!(back.shape_gamma(&h), None);
        h[0] = 12345;
        h[3] = 99;
        assert_eq!(back.shape_gamma(&h), Some(8.0), "the largest listed shape");
        assert_eq!(back.small_gamma(Group::Pass, 1), 0.5);
        assert_eq!(back.small_gamma(Group::Capture, 0), 1.0);
        assert_eq!(back.small_gamma(Group::Capture, 1), 2.5);
        assert_eq!(back.playout_tenuki(), 3.0);
        assert_eq!(back.playout_gamma(5), 6.0);
        assert_eq!(back.playout_gamma(4), 0.75);
    }

    #[test]
    fn other_playout_weights_leave_the_priors() {
        let m = sample();
        let flat = m.with_playout_gammas(PlayoutGammas::uniform());
        assert_eq!((flat.playout_gamma(5), flat.playout_tenuki()), (1.0, 1.0));
        // The weights as listed agree with the table the playouts read.
        assert_eq!(flat.playout_gammas().other, flat.playout_gamma(4));
        assert_eq!(flat.pat3_gamma(3), 2.0);
        assert_eq!(flat.small_gammas(), m.small_gammas());
    }

    #[test]
    fn damaged_files_are_refused_with_a_reason() {
        let bytes = sample().to_bytes();
        assert_eq!(Model::from_bytes(b"").err(), Some(ModelError::NotAModel));
        assert_eq!(
            Model::from_bytes(b"GIF89a..........").err(),
            Some(ModelError::NotAModel)
        );
        for cut in [9, 20, bytes.len() / 2, bytes.len() - 1] {
            assert_eq!(
                Model::from_bytes(&bytes[..cut]).err(),
                Some(ModelError::Truncated),
                "cut at {cut}"
            );
        }
        let mut other = bytes.clone();
        other[8] = 99;
        assert_eq!(
            Model::from_bytes(&other).err(),
            Some(ModelError::Version { found: 99 })
        );
        let mut layout = bytes.clone();
        layout[12] ^= 1;
        assert_eq!(Model::from_bytes(&layout).err(), Some(ModelError::Layout));
        let mut flipped = bytes.clone();
        let at = bytes.len() - 20;
        flipped[at] ^= 0x40;
        assert!(matches!(
            Model::from_bytes(&flipped),
            Err(ModelError::Checksum | ModelError::BadGamma)
        ));
        let msg = ModelError::Version { found: 99 }.to_string();
        assert!(msg.contains("hane train"), "{msg}");
    }
}
