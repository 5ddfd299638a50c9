;; One source row's share of the line detector's downscaled luma (core/analysis/verticals.ts, downscaledLuma):
;; for each of n output columns, the integer sum of 54 r + 183 g + 19 b over `factor` consecutive RGBA pixels,
;; added to the plane as the JavaScript loop adds it (plane = f32(plane + sum / 256 * norm), in f64), so both
;; give the same floats. Four pixels at a time with WebAssembly SIMD (widen to 16 bits, one dot product per two
;; pixels), the rest one by one; in JavaScript each pixel is three bounds-checked byte reads. Built by
;; scripts/build-wasm.ts (npm `wabt`).
;;
;; Layout (bytes): 65536.. the row's pixels (RGBA, at most 16384 x 4); 131072.. the plane (f32, grown to fit).
(module
  (memory (export "memory") 3)

  ;; $out: byte offset of the output row in the plane.
  (func (export "addRow") (param $n i32) (param $factor i32) (param $out i32) (param $norm f64)
    (local $p i32) (local $o i32) (local $end i32) (local $k i32) (local $w i32)
    (local $acc v128) (local $px v128) (local $s i32)
    (local.set $p (i32.const 65536))
    (local.set $o (local.get $out))
    (local.set $end (i32.add (local.get $out) (i32.shl (local.get $n) (i32.const 2))))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $o) (local.get $end)))
        (local.set $acc (v128.const i32x4 0 0 0 0))
        (local.set $k (local.get $factor))
        ;; Four pixels: bytes widened to 16 bits, (r, g, b, a) . (54, 183, 19, 0) as two 32-bit lanes per pixel.
        (block $fours
          (loop $four
            (br_if $fours (i32.lt_u (local.get $k) (i32.const 4)))
            (local.set $px (v128.load (local.get $p)))
            (local.set $acc
              (i32x4.add (local.get $acc)
                (i32x4.add
                  (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_u (local.get $px))
                    (v128.const i16x8 54 183 19 0 54 183 19 0))
                  (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_u (local.get $px))
                    (v128.const i16x8 54 183 19 0 54 183 19 0)))))
            (local.set $p (i32.add (local.get $p) (i32.const 16)))
            (local.set $k (i32.sub (local.get $k) (i32.const 4)))
            (br $four)))
        (local.set $s
          (i32.add
            (i32.add (i32x4.extract_lane 0 (local.get $acc)) (i32x4.extract_lane 1 (local.get $acc)))
            (i32.add (i32x4.extract_lane 2 (local.get $acc)) (i32x4.extract_lane 3 (local.get $acc)))))
        (block $ones
          (loop $one
            (br_if $ones (i32.eqz (local.get $k)))
            (local.set $w (i32.load (local.get $p)))
            (local.set $s
              (i32.add (local.get $s)
                (i32.add
                  (i32.add
                    (i32.mul (i32.const 54) (i32.and (local.get $w) (i32.const 255)))
                    (i32.mul (i32.const 183) (i32.and (i32.shr_u (local.get $w) (i32.const 8)) (i32.const 255))))
                  (i32.mul (i32.const 19) (i32.and (i32.shr_u (local.get $w) (i32.const 16)) (i32.const 255))))))
            (local.set $p (i32.add (local.get $p) (i32.const 4)))
            (local.set $k (i32.sub (local.get $k) (i32.const 1)))
            (br $one)))
        (f32.store (local.get $o)
          (f32.demote_f64
            (f64.add (f64.promote_f32 (f32.load (local.get $o)))
              (f64.mul (f64.div (f64.convert_i32_s (local.get $s)) (f64.const 256)) (local.get $norm)))))
        (local.set $o (i32.add (local.get $o) (i32.const 4)))
        (br $next)))))
