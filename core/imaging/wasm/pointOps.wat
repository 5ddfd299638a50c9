;; Point operations (per-channel tables, optionally after a 3x3 saturation matrix) over RGBA pixels in this
;; module's memory, in place. Hand-written WebAssembly: JavaScript pays a bounds check on each of the three
;; table reads per pixel, which caps it at ~400 MP/s on one core; here the reads are plain loads (memory
;; bounds are free, guard pages). pointOps.ts copies pixels through the buffer in cache-sized chunks, so
;; memory traffic stays that of one pass. Built by scripts/build-wasm.ts (npm `wabt`).
;;
;; Two table reads per pixel instead of three: R and G go through one table indexed by the pixel's low 16
;; bits (65536 entries, both result bytes in place), B through a word table with its byte already shifted
;; into place, so a pixel is out = RG[w & 0xffff] | B[(w >> 16) & 255] | alpha. The tables take 129 kB, which
;; the cache holds next to a chunk; `prepare` builds them in ~30 us.
;;
;; Layout (bytes): 0..767 the three 256-entry byte tables R, G, B (written by pointOps.ts); 1024..2047 the B
;; word table (B[b] << 16); 2048..2095 the matrix rows as i16 (m0, m1, m2, 2048) every 16 bytes for R, G,
;; B (written by pointOps.ts); 2096..2127 constants (data below); 65536..196607 the RG table (u16, index
;; g << 8 | r); 196608.. the pixel chunk (CHUNK_PIXELS in pointOps.ts).
(module
  (memory (export "memory") 6)
  ;; 2096: a pixel's R, G, B bytes kept (0x00ffffff per lane); 2112: alpha's byte set to 1 (0x01000000).
  (data (i32.const 2096)
    "\ff\ff\ff\00\ff\ff\ff\00\ff\ff\ff\00\ff\ff\ff\00"
    "\00\00\00\01\00\00\00\01\00\00\00\01\00\00\00\01")

  ;; Builds the RG and B word tables from the byte tables.
  (func (export "prepare")
    (local $i i32)
    (loop $b
      (i32.store offset=1024 (i32.shl (local.get $i) (i32.const 2))
        (i32.shl (i32.load8_u offset=512 (local.get $i)) (i32.const 16)))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br_if $b (i32.lt_u (local.get $i) (i32.const 256))))
    (local.set $i (i32.const 0))
    (loop $rg
      (i32.store16 offset=65536 (i32.shl (local.get $i) (i32.const 1))
        (i32.or
          (i32.load8_u (i32.and (local.get $i) (i32.const 255)))
          (i32.shl (i32.load8_u offset=256 (i32.shr_u (local.get $i) (i32.const 8))) (i32.const 8))))
      (local.set $i (i32.add (local.get $i) (i32.const 1)))
      (br_if $rg (i32.lt_u (local.get $i) (i32.const 65536)))))

  ;; The tables over n pixels from byte offset 196608, four per turn (their loads overlap); a turn may run
  ;; over up to three stale pixels after the chunk, which are never copied out. Written out per pixel: V8
  ;; does not inline a helper function here, and the call cost half the speed.
  (func $luts (export "applyLuts") (param $n i32)
    (local $p i32) (local $end i32) (local $w i32)
    (local.set $p (i32.const 196608))
    (local.set $end (i32.add (i32.const 196608) (i32.shl (local.get $n) (i32.const 2))))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $p) (local.get $end)))
        (local.set $w (i32.load (local.get $p)))
        (i32.store (local.get $p)
          (i32.or
            (i32.or
              (i32.load16_u offset=65536 (i32.shl (i32.and (local.get $w) (i32.const 0xffff)) (i32.const 1)))
              (i32.load offset=1024 (i32.and (i32.shr_u (local.get $w) (i32.const 14)) (i32.const 1020))))
            (i32.and (local.get $w) (i32.const 0xff000000))))
        (local.set $w (i32.load offset=4 (local.get $p)))
        (i32.store offset=4 (local.get $p)
          (i32.or
            (i32.or
              (i32.load16_u offset=65536 (i32.shl (i32.and (local.get $w) (i32.const 0xffff)) (i32.const 1)))
              (i32.load offset=1024 (i32.and (i32.shr_u (local.get $w) (i32.const 14)) (i32.const 1020))))
            (i32.and (local.get $w) (i32.const 0xff000000))))
        (local.set $w (i32.load offset=8 (local.get $p)))
        (i32.store offset=8 (local.get $p)
          (i32.or
            (i32.or
              (i32.load16_u offset=65536 (i32.shl (i32.and (local.get $w) (i32.const 0xffff)) (i32.const 1)))
              (i32.load offset=1024 (i32.and (i32.shr_u (local.get $w) (i32.const 14)) (i32.const 1020))))
            (i32.and (local.get $w) (i32.const 0xff000000))))
        (local.set $w (i32.load offset=12 (local.get $p)))
        (i32.store offset=12 (local.get $p)
          (i32.or
            (i32.or
              (i32.load16_u offset=65536 (i32.shl (i32.and (local.get $w) (i32.const 0xffff)) (i32.const 1)))
              (i32.load offset=1024 (i32.and (i32.shr_u (local.get $w) (i32.const 14)) (i32.const 1020))))
            (i32.and (local.get $w) (i32.const 0xff000000))))
        (local.set $p (i32.add (local.get $p) (i32.const 16)))
        (br $next))))

  ;; The matrix path: channel c' = table_c[clamp((m_c . rgb + 2048) >> 12)] with 12-bit fixed-point
  ;; coefficients (|m| <= 8192, checked by pointOps.ts); lut.ts's widened tables clamp the same way. A first
  ;; pass over the chunk applies the matrix to four pixels at a time and writes the clamped results back, the
  ;; table pass above follows (two passes measured faster than one: the table reads wait less). Per pixel,
  ;; its bytes reordered to (r, g) and (b, 1) pairs and widened to i16, the row (m0, m1) . (r, g) plus
  ;; (m2, 2048) . (b, 1) is two i32x4.dot_i16x8_s for four pixels; the results are narrowed with saturation
  ;; (the clamp to 0..255) and put back in pixel order with alpha.
  (func (export "applyMatrixLuts") (param $n i32)
    (local $p i32) (local $end i32) (local $v v128) (local $rg v128) (local $b1 v128)
    (local $keep v128) (local $one v128) (local $r v128) (local $g v128) (local $b v128)
    (local $mr0 v128) (local $mr1 v128) (local $mg0 v128) (local $mg1 v128) (local $mb0 v128) (local $mb1 v128)
    ;; Each row's (m0, m1) and (m2, 2048) pairs in all four lanes.
    (local.set $mr0 (v128.load32_splat offset=2048 (i32.const 0)))
    (local.set $mr1 (v128.load32_splat offset=2052 (i32.const 0)))
    (local.set $mg0 (v128.load32_splat offset=2064 (i32.const 0)))
    (local.set $mg1 (v128.load32_splat offset=2068 (i32.const 0)))
    (local.set $mb0 (v128.load32_splat offset=2080 (i32.const 0)))
    (local.set $mb1 (v128.load32_splat offset=2084 (i32.const 0)))
    ;; Constants through memory, so they stay in registers instead of being rebuilt on every turn.
    (local.set $keep (v128.load offset=2096 (i32.const 0)))
    (local.set $one (v128.load offset=2112 (i32.const 0)))
    (local.set $p (i32.const 196608))
    (local.set $end (i32.add (i32.const 196608) (i32.shl (local.get $n) (i32.const 2))))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $p) (local.get $end)))
        (local.set $v (v128.load (local.get $p)))
        ;; r0 g0 r1 g1 r2 g2 r3 g3 | b0 1 b1 1 b2 1 b3 1, as i16.
        (local.set $rg (v128.or (v128.and (local.get $v) (local.get $keep)) (local.get $one)))
        (local.set $rg (i8x16.shuffle 0 1 4 5 8 9 12 13 2 3 6 7 10 11 14 15 (local.get $rg) (local.get $rg)))
        (local.set $b1 (i16x8.extend_high_i8x16_u (local.get $rg)))
        (local.set $rg (i16x8.extend_low_i8x16_u (local.get $rg)))
        (local.set $r
          (i32x4.shr_s
            (i32x4.add
              (i32x4.dot_i16x8_s (local.get $rg) (local.get $mr0))
              (i32x4.dot_i16x8_s (local.get $b1) (local.get $mr1)))
            (i32.const 12)))
        (local.set $g
          (i32x4.shr_s
            (i32x4.add
              (i32x4.dot_i16x8_s (local.get $rg) (local.get $mg0))
              (i32x4.dot_i16x8_s (local.get $b1) (local.get $mg1)))
            (i32.const 12)))
        (local.set $b
          (i32x4.shr_s
            (i32x4.add
              (i32x4.dot_i16x8_s (local.get $rg) (local.get $mb0))
              (i32x4.dot_i16x8_s (local.get $b1) (local.get $mb1)))
            (i32.const 12)))
        ;; r0..r3 g0..g3 b0..b3 a0..a3 as bytes (saturating: the clamp), then back in pixel order.
        (local.set $v
          (i8x16.narrow_i16x8_u
            (i16x8.narrow_i32x4_s (local.get $r) (local.get $g))
            (i16x8.narrow_i32x4_s (local.get $b) (i32x4.shr_u (local.get $v) (i32.const 24)))))
        (v128.store (local.get $p)
          (i8x16.shuffle 0 4 8 12 1 5 9 13 2 6 10 14 3 7 11 15 (local.get $v) (local.get $v)))
        (local.set $p (i32.add (local.get $p) (i32.const 16)))
        (br $next)))
    (call $luts (local.get $n))))
