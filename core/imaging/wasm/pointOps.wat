;; Point operations (per-channel tables, optionally after a 3x3 saturation matrix) over RGBA pixels in
;; memory, in place. Hand-written WebAssembly: JavaScript pays a bounds check on each of the three table reads
;; per pixel, which caps it at ~400 MP/s on one core; here the reads are plain loads (memory bounds are free,
;; guard pages). Built by scripts/build-wasm.ts (npm `wabt`) twice: with a memory of its own, through which
;; pointOps.ts copies pixels in cache-sized chunks, and as pointOpsFrame over a frame's shared memory
;; (frames.ts), where it works on the pixels where they lie: the copy in and out was half of a pass's time.
;;
;; Two table reads per pixel instead of three, and alpha rides along: R and G go through one table indexed by
;; the pixel's low 16 bits (65536 entries, both result bytes in place), B and alpha through one indexed by its
;; high 16 bits (b | a << 8, entries B[b] << 16 | a << 24), so a pixel is out = RG[w & 0xffff] | BA[w >> 16]
;; (no masking and merging of alpha: 10 instead of 12 per pixel). The BA table is 256 kB, but a photo's
;; alphas touch a 1 kB row of it each (an opaque one, one row); the RG table (128 kB) and a chunk stay in the
;; cache. `prepare` builds both, eight or four entries per store (~25 us; one entry a store took ~100).
;;
;; Layout (bytes) of a table area, which starts at the $tables offset every function takes (a frame's memory
;; holds one per thread, see frames.ts; the module's own memory one, at 0): 0..767 the three 256-entry byte
;; tables R, G, B (written by pointOps.ts); 2048..2095 the matrix rows as i16 (m0, m1, m2, 2048) every 16
;; bytes for R, G, B (written by pointOps.ts); 2096..2143 constants (written by prepare); 65536..196607 the
;; RG table (u16, index g << 8 | r); 196608..458751 the BA table (i32, index a << 8 | b). In the module's own
;; memory, 458752.. is the pixel chunk, which pointOps.ts places 0..4032 bytes in (see chunks.ts).
(module
  (memory (export "memory") 10)
  ;; Builds the RG and BA tables of the area at $tables from its byte tables, a row (256 entries) of one G or
  ;; one alpha value at a time: RG's row g is R widened to u16 | G[g] << 8, BA's row a is B widened to
  ;; i32 << 16 | a << 24. Then the matrix pass's constants, per i32 lane: 2096 0xff, 2112 0xff00, 2128 0x10000.
  (func (export "prepare") (param $tables i32)
    (local $i i32)
    ;; $i: the byte offset in the RG table (entry $i / 2: r = its low byte, g = $i >> 9).
    (loop $rg
      (v128.store offset=65536 (i32.add (local.get $tables) (local.get $i))
        (v128.or
          (v128.load8x8_u
            (i32.add (local.get $tables) (i32.and (i32.shr_u (local.get $i) (i32.const 1)) (i32.const 255))))
          (i16x8.splat
            (i32.shl
              (i32.load8_u offset=256 (i32.add (local.get $tables) (i32.shr_u (local.get $i) (i32.const 9))))
              (i32.const 8)))))
      (local.set $i (i32.add (local.get $i) (i32.const 16)))
      (br_if $rg (i32.lt_u (local.get $i) (i32.const 131072))))
    ;; $i: the byte offset in the BA table (entry $i / 4: b = its low byte, a = $i >> 10).
    (local.set $i (i32.const 0))
    (loop $ba
      (v128.store offset=196608 (i32.add (local.get $tables) (local.get $i))
        (v128.or
          (i32x4.shl
            (i32x4.extend_low_i16x8_u
              (v128.load8x8_u offset=512
                (i32.add (local.get $tables) (i32.and (i32.shr_u (local.get $i) (i32.const 2)) (i32.const 255)))))
            (i32.const 16))
          (i32x4.splat (i32.shl (i32.shr_u (local.get $i) (i32.const 10)) (i32.const 24)))))
      (local.set $i (i32.add (local.get $i) (i32.const 16)))
      (br_if $ba (i32.lt_u (local.get $i) (i32.const 262144))))
    (v128.store offset=2096 (local.get $tables) (i32x4.splat (i32.const 0xff)))
    (v128.store offset=2112 (local.get $tables) (i32x4.splat (i32.const 0xff00)))
    (v128.store offset=2128 (local.get $tables) (i32x4.splat (i32.const 0x10000))))

  ;; The tables over n pixels from byte offset $at, four per turn (their loads overlap); a turn may run
  ;; over up to three pixels after the n (pointOps.ts gives a frame's pixels whole turns only). Written out
  ;; per pixel: V8 does not inline a helper function here, and the call cost half the speed.
  (func $luts (export "applyLuts") (param $at i32) (param $n i32) (param $tables i32)
    (local $p i32) (local $end i32) (local $w i32)
    (local.set $p (local.get $at))
    (local.set $end (i32.add (local.get $at) (i32.shl (local.get $n) (i32.const 2))))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $p) (local.get $end)))
        (local.set $w (i32.load (local.get $p)))
        (i32.store (local.get $p)
          (i32.or
            (i32.load16_u offset=65536
              (i32.add (local.get $tables) (i32.shl (i32.and (local.get $w) (i32.const 0xffff)) (i32.const 1))))
            (i32.load offset=196608
              (i32.add (local.get $tables) (i32.shl (i32.shr_u (local.get $w) (i32.const 16)) (i32.const 2))))))
        (local.set $w (i32.load offset=4 (local.get $p)))
        (i32.store offset=4 (local.get $p)
          (i32.or
            (i32.load16_u offset=65536
              (i32.add (local.get $tables) (i32.shl (i32.and (local.get $w) (i32.const 0xffff)) (i32.const 1))))
            (i32.load offset=196608
              (i32.add (local.get $tables) (i32.shl (i32.shr_u (local.get $w) (i32.const 16)) (i32.const 2))))))
        (local.set $w (i32.load offset=8 (local.get $p)))
        (i32.store offset=8 (local.get $p)
          (i32.or
            (i32.load16_u offset=65536
              (i32.add (local.get $tables) (i32.shl (i32.and (local.get $w) (i32.const 0xffff)) (i32.const 1))))
            (i32.load offset=196608
              (i32.add (local.get $tables) (i32.shl (i32.shr_u (local.get $w) (i32.const 16)) (i32.const 2))))))
        (local.set $w (i32.load offset=12 (local.get $p)))
        (i32.store offset=12 (local.get $p)
          (i32.or
            (i32.load16_u offset=65536
              (i32.add (local.get $tables) (i32.shl (i32.and (local.get $w) (i32.const 0xffff)) (i32.const 1))))
            (i32.load offset=196608
              (i32.add (local.get $tables) (i32.shl (i32.shr_u (local.get $w) (i32.const 16)) (i32.const 2))))))
        (local.set $p (i32.add (local.get $p) (i32.const 16)))
        (br $next))))

  ;; The matrix path: channel c' = table_c[clamp((m_c . rgb + 2048) >> 12)] with 12-bit fixed-point
  ;; coefficients (|m| <= 8192, checked by pointOps.ts); lut.ts's widened tables clamp the same way. One pass,
  ;; four pixels a turn (as above, up to three after the n): each pixel word becomes the i16 pairs (r, g) and
  ;; (b, 1), so a channel of four pixels is two i32x4.dot_i16x8_s with (m0, m1) and (m2, 2048); saturating
  ;; narrows clamp to 0..255, and one unpack leaves per pixel the i16 (r | g << 8) and (b | a << 8): the
  ;; indices of its two table reads, which are widened, scaled and read out lane by lane. This replaced a
  ;; matrix pass writing the chunk back and the table pass above re-reading it (19 % slower on a hot chunk);
  ;; storing the indices and loading them as scalars was no faster than that, nor were eight pixels a turn.
  ;; Only masks, shifts and unpacks, no byte shuffle: V8 rebuilds a shuffle's 16-byte mask on every turn,
  ;; which made the two this pass once had cost a quarter of its time.
  (func (export "applyMatrixLuts") (param $at i32) (param $n i32) (param $tables i32)
    (local $p i32) (local $end i32) (local $v v128) (local $rg v128) (local $b1 v128)
    (local $r v128) (local $g v128) (local $b v128) (local $low v128) (local $second v128) (local $one v128)
    (local $rgAt v128) (local $baAt v128) (local $base v128)
    (local $mr0 v128) (local $mr1 v128) (local $mg0 v128) (local $mg1 v128) (local $mb0 v128) (local $mb1 v128)
    ;; Each row's (m0, m1) and (m2, 2048) pairs in all four lanes.
    (local.set $mr0 (v128.load32_splat offset=2048 (local.get $tables)))
    (local.set $mr1 (v128.load32_splat offset=2052 (local.get $tables)))
    (local.set $mg0 (v128.load32_splat offset=2064 (local.get $tables)))
    (local.set $mg1 (v128.load32_splat offset=2068 (local.get $tables)))
    (local.set $mb0 (v128.load32_splat offset=2080 (local.get $tables)))
    (local.set $mb1 (v128.load32_splat offset=2084 (local.get $tables)))
    ;; Constants through memory, so they stay in registers instead of being rebuilt on every turn.
    (local.set $low (v128.load offset=2096 (local.get $tables)))
    (local.set $second (v128.load offset=2112 (local.get $tables)))
    (local.set $one (v128.load offset=2128 (local.get $tables)))
    (local.set $base (i32x4.splat (local.get $tables)))
    (local.set $p (local.get $at))
    (local.set $end (i32.add (local.get $at) (i32.shl (local.get $n) (i32.const 2))))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $p) (local.get $end)))
        (local.set $v (v128.load (local.get $p)))
        ;; Per pixel r | g << 16 and b | 1 << 16: the i16 pairs (r, g) and (b, 1).
        (local.set $rg
          (v128.or (v128.and (local.get $v) (local.get $low))
            (i32x4.shl (v128.and (local.get $v) (local.get $second)) (i32.const 8))))
        (local.set $b1
          (v128.or (v128.and (i32x4.shr_u (local.get $v) (i32.const 16)) (local.get $low)) (local.get $one)))
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
        ;; Bytes r0 r1 r2 r3 b0 b1 b2 b3 g0 g1 g2 g3 a0 a1 a2 a3 (saturating: the clamp) ...
        (local.set $v
          (i8x16.narrow_i16x8_u
            (i16x8.narrow_i32x4_s (local.get $r) (local.get $b))
            (i16x8.narrow_i32x4_s (local.get $g) (i32x4.shr_u (local.get $v) (i32.const 24)))))
        ;; ... r0 g0 r1 g1 r2 g2 r3 g3 b0 a0 b1 a1 b2 a2 b3 a3 (bytes interleaved with the upper half): as i16,
        ;; the pixels' RG table indices, then their BA table indices.
        (local.set $v
          (i8x16.shuffle 0 16 1 17 2 18 3 19 4 20 5 21 6 22 7 23
            (local.get $v)
            (i8x16.shuffle 8 9 10 11 12 13 14 15 8 9 10 11 12 13 14 15 (local.get $v) (local.get $v))))
        ;; Their entries' byte offsets (u16 and i32 entries), widened to i32 lanes.
        (local.set $rgAt
          (i32x4.add (local.get $base) (i32x4.shl (i32x4.extend_low_i16x8_u (local.get $v)) (i32.const 1))))
        (local.set $baAt
          (i32x4.add (local.get $base) (i32x4.shl (i32x4.extend_high_i16x8_u (local.get $v)) (i32.const 2))))
        (i32.store (local.get $p)
          (i32.or
            (i32.load16_u offset=65536 (i32x4.extract_lane 0 (local.get $rgAt)))
            (i32.load offset=196608 (i32x4.extract_lane 0 (local.get $baAt)))))
        (i32.store offset=4 (local.get $p)
          (i32.or
            (i32.load16_u offset=65536 (i32x4.extract_lane 1 (local.get $rgAt)))
            (i32.load offset=196608 (i32x4.extract_lane 1 (local.get $baAt)))))
        (i32.store offset=8 (local.get $p)
          (i32.or
            (i32.load16_u offset=65536 (i32x4.extract_lane 2 (local.get $rgAt)))
            (i32.load offset=196608 (i32x4.extract_lane 2 (local.get $baAt)))))
        (i32.store offset=12 (local.get $p)
          (i32.or
            (i32.load16_u offset=65536 (i32x4.extract_lane 3 (local.get $rgAt)))
            (i32.load offset=196608 (i32x4.extract_lane 3 (local.get $baAt)))))
        (local.set $p (i32.add (local.get $p) (i32.const 16)))
        (br $next)))))
