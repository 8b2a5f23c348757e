// The cloth under the board (`cloth.rs`): its baked texture, tonemapped as an unlit
// StandardMaterial is, darkened by the board's soft shadow worked out here from the slab's
// footprint. A StandardMaterial runs the whole lit shader on a software renderer even when it is
// unlit (the flag is read per pixel), and the cloth fills most of the window.

#import bevy_pbr::forward_io::VertexOutput
#import bevy_pbr::mesh_view_bindings::view
#ifdef TONEMAP_IN_SHADER
#import bevy_core_pipeline::tonemapping::{tone_mapping, screen_space_dither}
#import bevy_render::maths::powsafe
#endif

struct BoardShadow {
    // The footprint's centre on the cloth (x, z), shifted away from the lamp.
    centre: vec2<f32>,
    // The slab's half width and depth.
    half_extents: vec2<f32>,
    // How far past the slab's foot the shadow fades out.
    reach: f32,
    // The shadow's alpha of black at the slab's foot.
    darkness: f32,
    // The radius of the footprint's rounded corners.
    corner: f32,
}

@group(#{MATERIAL_BIND_GROUP}) @binding(0) var<uniform> shadow: BoardShadow;
@group(#{MATERIAL_BIND_GROUP}) @binding(1) var cloth_texture: texture_2d<f32>;
@group(#{MATERIAL_BIND_GROUP}) @binding(2) var cloth_sampler: sampler;

// The shadow's alpha at a point of the cloth: `BoardShadow::alpha` in `cloth.rs`.
fn shadow_alpha(p: vec2<f32>) -> f32 {
    let q = abs(p - shadow.centre) - shadow.half_extents + vec2(shadow.corner);
    let outside = length(max(q, vec2(0.0))) - shadow.corner;
    let t = clamp(outside / shadow.reach, 0.0, 1.0);
    let fade = 1.0 - t * t * (3.0 - 2.0 * t);
    return shadow.darkness * fade * fade;
}

@fragment
fn fragment(in: VertexOutput) -> @location(0) vec4<f32> {
    var color = vec4(textureSample(cloth_texture, cloth_sampler, in.uv).rgb, 1.0);
#ifdef TONEMAP_IN_SHADER
    color = tone_mapping(color, view.color_grading);
#endif
    // Black laid over the tonemapped cloth, as the shadow's blended quad was.
    var rgb = color.rgb * (1.0 - shadow_alpha(in.world_position.xz));
#ifdef TONEMAP_IN_SHADER
#ifdef DEBAND_DITHER
    rgb = powsafe(rgb, 1.0 / 2.2);
    rgb += screen_space_dither(in.position.xy);
    rgb = powsafe(rgb, 2.2);
#endif
#endif
    return vec4(rgb, 1.0);
}
