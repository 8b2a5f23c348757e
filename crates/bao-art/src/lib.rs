//! The Bao board's art that the game computes instead of shipping image files: the wood of the
//! board top ([`wood`]: its colour, normal and occlusion-roughness maps, and their mip chains)
//! and the room's light ([`room_light`]: the diffuse and specular cube maps of image-based
//! lighting, in half floats).
//!
//! Why computed: each board's wood is made for its size, pits and stores (the growth rings run
//! the slab's length and shift inside each carved hollow), which no tiled image can do, and the
//! web build downloads no textures and no HDR room. Why on the CPU: the maps are made once per
//! board size and the room once at start-up, they come out as the same bytes on every platform
//! and renderer (WebGL2 included, which has no compute shaders), and the game also reads the
//! wood maps on the CPU for its picture of a board on the title's cards.
//!
//! Who uses it: the game's board (`src/board/` of the `bao` crate) wraps these bytes as Bevy
//! images for the board top's material and the camera's environment-map light. This crate has
//! no dependency on Bevy, so its tests run without building the game; it builds for `wasm32`
//! as it is (there the wood's passes run on the calling thread).

#![warn(missing_docs)]

pub mod room_light;
pub mod wood;
