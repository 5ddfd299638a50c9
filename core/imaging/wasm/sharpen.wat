;; The streaming unsharp mask of planes.ts (binomialLumaResponse) in WebAssembly: per row, luma and the
;; horizontal [1 4 6 4 1] sums into five-row rings; per output row, the vertical sums, the detail through the
;; response table and the clamped add to R, G and B. Same integer arithmetic as the JavaScript, so the same
;; bytes; faster because table reads carry no bounds check, the rings sit at fixed addresses and all but the
;; response lookup runs four pixels at a time in SIMD: luma as two i32x4.dot_i16x8_s of the (r, g) and (b, 1)
;; pairs with (54, 183) and (19, 128), the sums from five overlapping loads, the clamped add as an i16 add of
;; (d, d, d, 0) per pixel narrowed with saturation. A row's last (width mod 4) pixels take the scalar loops.
;; wasm/sharpen.ts copies each source row in and each output row out (rows up to MAX_WIDTH pixels).
;;
;; Layout (bytes): 0 response table (int16, 8161 entries, index = detail in 1/16 levels + 4080);
;; 16384 clamp table (768 bytes, clamp[v + 256] = v limited to 0..255); 17152 scratch (four table offsets);
;; 17168..17295 constants (data below); 17408 source pixel ring (5 slots of 32768); 181248 luma ring (int32,
;; 5 slots of 32784: two padding pixels each side); 345168 sums ring (int32, 5 slots of 32768); 509008 the
;; output row.
(module
  (memory (export "memory") 9)
  ;; Per i32 lane: 17168 0xff, 17184 0xff00, 17200 0x10000, 17216 (54, 183), 17232 (19, 128) as i16 pairs;
  ;; 17248 per i16 lane 0xffff but every fourth 0 (alpha gets no detail); 17264 6 and 17280 4080 per i32
  ;; lane. Loaded into locals once: V8 rebuilds a v128.const or a splat on every turn of a loop.
  (data (i32.const 17168)
    "\ff\00\00\00\ff\00\00\00\ff\00\00\00\ff\00\00\00"
    "\00\ff\00\00\00\ff\00\00\00\ff\00\00\00\ff\00\00"
    "\00\00\01\00\00\00\01\00\00\00\01\00\00\00\01\00"
    "\36\00\b7\00\36\00\b7\00\36\00\b7\00\36\00\b7\00"
    "\13\00\80\00\13\00\80\00\13\00\80\00\13\00\80\00"
    "\ff\ff\ff\ff\ff\ff\00\00\ff\ff\ff\ff\ff\ff\00\00"
    "\06\00\00\00\06\00\00\00\06\00\00\00\06\00\00\00"
    "\f0\0f\00\00\f0\0f\00\00\f0\0f\00\00\f0\0f\00\00")

  ;; Luma and horizontal sums of the source row in ring slot $slot.
  (func (export "prepareRow") (param $slot i32) (param $width i32)
    (local $px i32) (local $l i32) (local $s i32) (local $x i32) (local $w i32)
    (local $a i32) (local $b i32) (local $c i32) (local $d i32) (local $e i32) (local $end i32)
    (local $end4 i32) (local $w4 i32) (local $v v128) (local $low v128) (local $second v128) (local $one v128)
    (local $rgWeights v128) (local $bWeights v128)
    (local.set $px (i32.add (i32.const 17408) (i32.mul (local.get $slot) (i32.const 32768))))
    (local.set $l (i32.add (i32.const 181248) (i32.mul (local.get $slot) (i32.const 32784))))
    (local.set $s (i32.add (i32.const 345168) (i32.mul (local.get $slot) (i32.const 32768))))
    ;; luma[l + 8 + 4x] = (54 r + 183 g + 19 b + 128) >> 8, four pixels at a time, then the rest one by one.
    (local.set $end (i32.shl (local.get $width) (i32.const 2)))
    (local.set $end4 (i32.and (local.get $end) (i32.const -16)))
    (local.set $low (v128.load offset=17168 (i32.const 0)))
    (local.set $second (v128.load offset=17184 (i32.const 0)))
    (local.set $one (v128.load offset=17200 (i32.const 0)))
    (local.set $rgWeights (v128.load offset=17216 (i32.const 0)))
    (local.set $bWeights (v128.load offset=17232 (i32.const 0)))
    (block $done4
      (loop $next4
        (br_if $done4 (i32.ge_u (local.get $x) (local.get $end4)))
        (local.set $v (v128.load (i32.add (local.get $px) (local.get $x))))
        (v128.store offset=8 (i32.add (local.get $l) (local.get $x))
          (i32x4.shr_u
            (i32x4.add
              (i32x4.dot_i16x8_s
                (v128.or (v128.and (local.get $v) (local.get $low))
                  (i32x4.shl (v128.and (local.get $v) (local.get $second)) (i32.const 8)))
                (local.get $rgWeights))
              (i32x4.dot_i16x8_s
                (v128.or (v128.and (i32x4.shr_u (local.get $v) (i32.const 16)) (local.get $low)) (local.get $one))
                (local.get $bWeights)))
            (i32.const 8)))
        (local.set $x (i32.add (local.get $x) (i32.const 16)))
        (br $next4)))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $x) (local.get $end)))
        (local.set $w (i32.load (i32.add (local.get $px) (local.get $x))))
        (i32.store offset=8 (i32.add (local.get $l) (local.get $x))
          (i32.shr_u
            (i32.add
              (i32.add
                (i32.mul (i32.const 54) (i32.and (local.get $w) (i32.const 255)))
                (i32.mul (i32.const 183) (i32.and (i32.shr_u (local.get $w) (i32.const 8)) (i32.const 255))))
              (i32.add
                (i32.mul (i32.const 19) (i32.and (i32.shr_u (local.get $w) (i32.const 16)) (i32.const 255)))
                (i32.const 128)))
            (i32.const 8)))
        (local.set $x (i32.add (local.get $x) (i32.const 4)))
        (br $next)))
    ;; Two replicated pixels of padding at each end.
    (local.set $a (i32.load offset=8 (local.get $l)))
    (i32.store (local.get $l) (local.get $a))
    (i32.store offset=4 (local.get $l) (local.get $a))
    (local.set $a (i32.load offset=4 (i32.add (local.get $l) (local.get $end))))
    (i32.store offset=8 (i32.add (local.get $l) (local.get $end)) (local.get $a))
    (i32.store offset=12 (i32.add (local.get $l) (local.get $end)) (local.get $a))
    ;; sums[x] = a + 4 (b + d) + 6 c + e over the window a b c d e centred on pixel x: four pixels at a time
    ;; from five overlapping loads, then a rolling window for the rest.
    (local.set $x (i32.const 0))
    (block $done3
      (loop $next3
        (br_if $done3 (i32.ge_u (local.get $x) (local.get $end4)))
        (local.set $w4 (i32.add (local.get $l) (local.get $x)))
        (local.set $v (v128.load offset=8 (local.get $w4)))
        (v128.store (i32.add (local.get $s) (local.get $x))
          (i32x4.add
            (i32x4.add (v128.load (local.get $w4)) (v128.load offset=16 (local.get $w4)))
            (i32x4.add
              (i32x4.shl (i32x4.add (v128.load offset=4 (local.get $w4)) (v128.load offset=12 (local.get $w4)))
                (i32.const 2))
              (i32x4.add (i32x4.shl (local.get $v) (i32.const 2)) (i32x4.shl (local.get $v) (i32.const 1))))))
        (local.set $x (i32.add (local.get $x) (i32.const 16)))
        (br $next3)))
    (local.set $a (i32.load (i32.add (local.get $l) (local.get $x))))
    (local.set $b (i32.load offset=4 (i32.add (local.get $l) (local.get $x))))
    (local.set $c (i32.load offset=8 (i32.add (local.get $l) (local.get $x))))
    (local.set $d (i32.load offset=12 (i32.add (local.get $l) (local.get $x))))
    (block $done2
      (loop $next2
        (br_if $done2 (i32.ge_u (local.get $x) (local.get $end)))
        (local.set $e (i32.load offset=16 (i32.add (local.get $l) (local.get $x))))
        (i32.store (i32.add (local.get $s) (local.get $x))
          (i32.add
            (i32.add (local.get $a) (local.get $e))
            (i32.add
              (i32.shl (i32.add (local.get $b) (local.get $d)) (i32.const 2))
              (i32.mul (local.get $c) (i32.const 6)))))
        (local.set $a (local.get $b))
        (local.set $b (local.get $c))
        (local.set $c (local.get $d))
        (local.set $d (local.get $e))
        (local.set $x (i32.add (local.get $x) (i32.const 4)))
        (br $next2))))

  ;; The output row of the source row in slot $k2, from the sums of slots $k0..$k4 (rows y-2..y+2).
  (func (export "writeRow")
    (param $k0 i32) (param $k1 i32) (param $k2 i32) (param $k3 i32) (param $k4 i32) (param $width i32)
    (local $s0 i32) (local $s1 i32) (local $s2 i32) (local $s3 i32) (local $s4 i32)
    (local $l i32) (local $px i32) (local $x i32) (local $end i32) (local $w i32) (local $d i32)
    (local $end4 i32) (local $dv v128) (local $pix v128) (local $noAlpha v128) (local $six v128) (local $offset v128)
    (local.set $s0 (i32.add (i32.const 345168) (i32.mul (local.get $k0) (i32.const 32768))))
    (local.set $s1 (i32.add (i32.const 345168) (i32.mul (local.get $k1) (i32.const 32768))))
    (local.set $s2 (i32.add (i32.const 345168) (i32.mul (local.get $k2) (i32.const 32768))))
    (local.set $s3 (i32.add (i32.const 345168) (i32.mul (local.get $k3) (i32.const 32768))))
    (local.set $s4 (i32.add (i32.const 345168) (i32.mul (local.get $k4) (i32.const 32768))))
    (local.set $l (i32.add (i32.const 181256) (i32.mul (local.get $k2) (i32.const 32784))))
    (local.set $px (i32.add (i32.const 17408) (i32.mul (local.get $k2) (i32.const 32768))))
    (local.set $six (v128.load offset=17264 (i32.const 0)))
    (local.set $offset (v128.load offset=17280 (i32.const 0)))
    (local.set $x (i32.const 0))
    (local.set $end (i32.shl (local.get $width) (i32.const 2)))
    (local.set $end4 (i32.and (local.get $end) (i32.const -16)))
    (local.set $noAlpha (v128.load offset=17248 (i32.const 0)))
    (block $done4
      (loop $next4
        (br_if $done4 (i32.ge_u (local.get $x) (local.get $end4)))
        ;; The response table's byte offsets of four pixels, through scratch (plain loads beat lane extracts).
        (v128.store offset=17152 (i32.const 0)
          (i32x4.shl
            (i32x4.add
              (i32x4.shr_s
                (i32x4.sub
                  (i32x4.shl (v128.load (i32.add (local.get $l) (local.get $x))) (i32.const 8))
                  (i32x4.add
                    (i32x4.add
                      (v128.load (i32.add (local.get $s0) (local.get $x)))
                      (v128.load (i32.add (local.get $s4) (local.get $x))))
                    (i32x4.add
                      (i32x4.shl
                        (i32x4.add
                          (v128.load (i32.add (local.get $s1) (local.get $x)))
                          (v128.load (i32.add (local.get $s3) (local.get $x))))
                        (i32.const 2))
                      (i32x4.mul (v128.load (i32.add (local.get $s2) (local.get $x))) (local.get $six)))))
                (i32.const 4))
              (local.get $offset))
            (i32.const 1)))
        ;; The four details as i16 (d0 d1 d2 d3), spread to (d, d, d, 0) per pixel: two pixels per vector.
        (local.set $dv
          (i16x8.replace_lane 3
            (i16x8.replace_lane 2
              (i16x8.replace_lane 1
                (i16x8.splat (i32.load16_s (i32.load offset=17152 (i32.const 0))))
                (i32.load16_s (i32.load offset=17156 (i32.const 0))))
              (i32.load16_s (i32.load offset=17160 (i32.const 0))))
            (i32.load16_s (i32.load offset=17164 (i32.const 0)))))
        (local.set $dv (i8x16.shuffle 0 1 16 17 2 3 18 19 4 5 20 21 6 7 22 23 (local.get $dv) (local.get $dv)))
        (local.set $pix (v128.load (i32.add (local.get $px) (local.get $x))))
        ;; Pixel + detail on R, G and B, narrowed with saturation: the clamp to 0..255.
        (v128.store offset=509008 (local.get $x)
          (i8x16.narrow_i16x8_u
            (i16x8.add (i16x8.extend_low_i8x16_u (local.get $pix))
              (v128.and (local.get $noAlpha)
                (i8x16.shuffle 0 1 2 3 16 17 18 19 4 5 6 7 20 21 22 23 (local.get $dv) (local.get $dv))))
            (i16x8.add (i16x8.extend_high_i8x16_u (local.get $pix))
              (v128.and (local.get $noAlpha)
                (i8x16.shuffle 8 9 10 11 24 25 26 27 12 13 14 15 28 29 30 31 (local.get $dv) (local.get $dv))))))
        (local.set $x (i32.add (local.get $x) (i32.const 16)))
        (br $next4)))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $x) (local.get $end)))
        ;; d = response[((luma << 8) - blur) >> 4 + 4080] + 256
        (local.set $d
          (i32.add
            (i32.load16_s
              (i32.shl
                (i32.add
                  (i32.shr_s
                    (i32.sub
                      (i32.shl (i32.load (i32.add (local.get $l) (local.get $x))) (i32.const 8))
                      (i32.add
                        (i32.add
                          (i32.load (i32.add (local.get $s0) (local.get $x)))
                          (i32.load (i32.add (local.get $s4) (local.get $x))))
                        (i32.add
                          (i32.shl
                            (i32.add
                              (i32.load (i32.add (local.get $s1) (local.get $x)))
                              (i32.load (i32.add (local.get $s3) (local.get $x))))
                            (i32.const 2))
                          (i32.mul (i32.load (i32.add (local.get $s2) (local.get $x))) (i32.const 6)))))
                    (i32.const 4))
                  (i32.const 4080))
                (i32.const 1)))
            (i32.const 256)))
        (local.set $w (i32.load (i32.add (local.get $px) (local.get $x))))
        (i32.store offset=509008 (local.get $x)
          (i32.or
            (i32.or
              (i32.load8_u offset=16384 (i32.add (i32.and (local.get $w) (i32.const 255)) (local.get $d)))
              (i32.shl
                (i32.load8_u offset=16384
                  (i32.add (i32.and (i32.shr_u (local.get $w) (i32.const 8)) (i32.const 255)) (local.get $d)))
                (i32.const 8)))
            (i32.or
              (i32.shl
                (i32.load8_u offset=16384
                  (i32.add (i32.and (i32.shr_u (local.get $w) (i32.const 16)) (i32.const 255)) (local.get $d)))
                (i32.const 16))
              (i32.and (local.get $w) (i32.const 0xff000000)))))
        (local.set $x (i32.add (local.get $x) (i32.const 4)))
        (br $next)))))
