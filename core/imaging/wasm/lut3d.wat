;; The learned retouch's 3D colour table (core/retouch/lut3d.ts) applied to RGBA pixels in this module's memory,
;; in place, with WebAssembly SIMD: a table node is one f32x4 (R, G, B, 0), so the eight nodes of a pixel's
;; cell are eight vector loads at constant offsets and the trilinear blend of all three channels is seven
;; vector interpolations. In JavaScript the same blend is 24 bounds-checked reads and 24 scalar products per
;; pixel (about a fifth of the speed). The nodes are stored as value * 255 + 0.5 (the weights sum to 1), so
;; the 8-bit result is the truncated blend; f32 instead of lut3d.ts's f64 moves a result across a rounding
;; boundary now and then: 1 level at most. Built by scripts/build-wasm.ts (npm `wabt`).
;;
;; Layout (bytes): 0.. the table, 33^3 nodes of 16 bytes, node = r + 33 g + 33^2 b; 575488.. per 8-bit code
;; value the cell's byte offset along R (i32 x 256), along G (+1024), along B (+2048); 579584.. per code value
;; the fraction d inside the cell as f32x4 (16 bytes each), 583680.. 1 - d likewise; 589824.. the pixel chunk,
;; which wasm/lut3d.ts places 0..4032 bytes in (see CHUNK_AT there) and which is CHUNK_PIXELS long.
(module
  (memory (export "memory") 12)

  ;; n pixels from byte offset $at, two per turn (a chunk of odd length runs over one stale pixel, never copied
  ;; out): each blend truncated to an integer and narrowed to bytes with saturation (0..255), alpha kept. The
  ;; blend is written out per pixel instead of calling a helper: V8 does not inline wasm calls, and the call
  ;; per pixel cost a fifth of the time. Each pixel ends in its own store, which keeps V8's scheduler from
  ;; hoisting the next pixel's 14 loads above this pixel's arithmetic (storing four pixels at once did, and the
  ;; 56 live vectors spilled to the stack: slower than the call).
  (func (export "applyLut3d") (param $at i32) (param $n i32)
    (local $p i32) (local $end i32) (local $w i32) (local $base i32) (local $r i32) (local $g i32) (local $b i32)
    (local $dr v128) (local $er v128) (local $dg v128) (local $eg v128) (local $t v128)
    (local.set $p (local.get $at))
    (local.set $end (i32.add (local.get $at) (i32.shl (local.get $n) (i32.const 2))))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $p) (local.get $end)))
        ;; Pixel 0.
        (local.set $w (i32.load (local.get $p)))
        (local.set $r (i32.shl (i32.and (local.get $w) (i32.const 255)) (i32.const 2)))
        (local.set $g (i32.and (i32.shr_u (local.get $w) (i32.const 6)) (i32.const 1020)))
        (local.set $b (i32.and (i32.shr_u (local.get $w) (i32.const 14)) (i32.const 1020)))
        (local.set $base
          (i32.add
            (i32.add (i32.load offset=575488 (local.get $r)) (i32.load offset=576512 (local.get $g)))
            (i32.load offset=577536 (local.get $b))))
        (local.set $r (i32.shl (local.get $r) (i32.const 2)))
        (local.set $g (i32.shl (local.get $g) (i32.const 2)))
        (local.set $b (i32.shl (local.get $b) (i32.const 2)))
        (local.set $dr (v128.load offset=579584 (local.get $r)))
        (local.set $er (v128.load offset=583680 (local.get $r)))
        (local.set $dg (v128.load offset=579584 (local.get $g)))
        (local.set $eg (v128.load offset=583680 (local.get $g)))
        ;; Along R on the four edges of the cell (node strides: R 16, G 528, B 17424 bytes), then G, then B.
        (local.set $t
          (i32x4.trunc_sat_f32x4_s
            (f32x4.add
              (f32x4.mul
                (f32x4.add
                  (f32x4.mul
                    (f32x4.add
                      (f32x4.mul (v128.load (local.get $base)) (local.get $er))
                      (f32x4.mul (v128.load offset=16 (local.get $base)) (local.get $dr)))
                    (local.get $eg))
                  (f32x4.mul
                    (f32x4.add
                      (f32x4.mul (v128.load offset=528 (local.get $base)) (local.get $er))
                      (f32x4.mul (v128.load offset=544 (local.get $base)) (local.get $dr)))
                    (local.get $dg)))
                (v128.load offset=583680 (local.get $b)))
              (f32x4.mul
                (f32x4.add
                  (f32x4.mul
                    (f32x4.add
                      (f32x4.mul (v128.load offset=17424 (local.get $base)) (local.get $er))
                      (f32x4.mul (v128.load offset=17440 (local.get $base)) (local.get $dr)))
                    (local.get $eg))
                  (f32x4.mul
                    (f32x4.add
                      (f32x4.mul (v128.load offset=17952 (local.get $base)) (local.get $er))
                      (f32x4.mul (v128.load offset=17968 (local.get $base)) (local.get $dr)))
                    (local.get $dg)))
                (v128.load offset=579584 (local.get $b))))))
        ;; Lane 3 is 0 (the nodes' fourth float), so the narrowed word is 0x00bbggrr; alpha from the input.
        (i32.store (local.get $p)
          (i32.or
            (i32x4.extract_lane 0
              (i8x16.narrow_i16x8_u
                (i16x8.narrow_i32x4_s (local.get $t) (local.get $t))
                (i16x8.narrow_i32x4_s (local.get $t) (local.get $t))))
            (i32.and (local.get $w) (i32.const 0xff000000))))
        ;; Pixel 1 (the same code).
        (local.set $w (i32.load offset=4 (local.get $p)))
        (local.set $r (i32.shl (i32.and (local.get $w) (i32.const 255)) (i32.const 2)))
        (local.set $g (i32.and (i32.shr_u (local.get $w) (i32.const 6)) (i32.const 1020)))
        (local.set $b (i32.and (i32.shr_u (local.get $w) (i32.const 14)) (i32.const 1020)))
        (local.set $base
          (i32.add
            (i32.add (i32.load offset=575488 (local.get $r)) (i32.load offset=576512 (local.get $g)))
            (i32.load offset=577536 (local.get $b))))
        (local.set $r (i32.shl (local.get $r) (i32.const 2)))
        (local.set $g (i32.shl (local.get $g) (i32.const 2)))
        (local.set $b (i32.shl (local.get $b) (i32.const 2)))
        (local.set $dr (v128.load offset=579584 (local.get $r)))
        (local.set $er (v128.load offset=583680 (local.get $r)))
        (local.set $dg (v128.load offset=579584 (local.get $g)))
        (local.set $eg (v128.load offset=583680 (local.get $g)))
        (local.set $t
          (i32x4.trunc_sat_f32x4_s
            (f32x4.add
              (f32x4.mul
                (f32x4.add
                  (f32x4.mul
                    (f32x4.add
                      (f32x4.mul (v128.load (local.get $base)) (local.get $er))
                      (f32x4.mul (v128.load offset=16 (local.get $base)) (local.get $dr)))
                    (local.get $eg))
                  (f32x4.mul
                    (f32x4.add
                      (f32x4.mul (v128.load offset=528 (local.get $base)) (local.get $er))
                      (f32x4.mul (v128.load offset=544 (local.get $base)) (local.get $dr)))
                    (local.get $dg)))
                (v128.load offset=583680 (local.get $b)))
              (f32x4.mul
                (f32x4.add
                  (f32x4.mul
                    (f32x4.add
                      (f32x4.mul (v128.load offset=17424 (local.get $base)) (local.get $er))
                      (f32x4.mul (v128.load offset=17440 (local.get $base)) (local.get $dr)))
                    (local.get $eg))
                  (f32x4.mul
                    (f32x4.add
                      (f32x4.mul (v128.load offset=17952 (local.get $base)) (local.get $er))
                      (f32x4.mul (v128.load offset=17968 (local.get $base)) (local.get $dr)))
                    (local.get $dg)))
                (v128.load offset=579584 (local.get $b))))))
        (i32.store offset=4 (local.get $p)
          (i32.or
            (i32x4.extract_lane 0
              (i8x16.narrow_i16x8_u
                (i16x8.narrow_i32x4_s (local.get $t) (local.get $t))
                (i16x8.narrow_i32x4_s (local.get $t) (local.get $t))))
            (i32.and (local.get $w) (i32.const 0xff000000))))
        (local.set $p (i32.add (local.get $p) (i32.const 8)))
        (br $next)))))
