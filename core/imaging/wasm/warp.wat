;; The inner loops of warp.ts's homography in WebAssembly SIMD. warp.ts plans the spans of a block of output
;; rows (projective division at span ends, 16.16 fixed-point position and step) into this module's span
;; table; wasm/warp.ts walks the block in strips of columns: `measure` finds the spans of each row in the strip
;; and the source rectangle they read, wasm/warp.ts copies that rectangle into the tile buffer, and `blend`
;; fills the strip from it. Tiles, because a rotated row reads short pieces of many source rows (140 for a
;; 2 degree turn of a 4000 pixel row): read where they lie, those pieces wait on main memory one by one (the
;; warp ran at half its speed on a turned photo against a shifted one); copied as rectangle rows, they stream
;; in and the blend reads a few hundred kB that stay in the cache.
;;
;; The blend is the JavaScript's integer arithmetic (across with 7-bit weights, rounded, then down, rounded),
;; so the same bytes, with all four channels of a pixel in the lanes of one vector: its two upper neighbours
;; and its two lower ones are two 64-bit loads, interleaved with themselves shifted by a pixel into
;; a0 b0 a1 b1 ... and widened to i16, and one i32x4.dot_i16x8_s per row blends across (a (128 - wx) + b wx
;; for R, G, B, A at once); positions, clamping, addresses and weights are computed for four pixels at a time.
;;
;; Layout (bytes): 0 span table (6 int32 per span: fx, fy, dx, dy, n, inside; up to 16384 spans); 393216 the
;; block's rows (up to 64; int32 each): next span's byte address, end of the row's spans, where `measure`
;; stopped, output x of the next span, output x where `measure` stopped (at 393216, +256, +512, +768, +1024);
;; 394496 the rectangle `measure` found (x0, x1, y0, y1: pixels, upper-left neighbours); 394512 scratch (four
;; addresses); 394528..394703 the blend's loop vectors (see there); 458752.. the output block and the tile
;; buffer, placed and grown by wasm/warp.ts.
(module
  (memory (export "memory") 8)

  ;; For each of the block's $rows rows: the spans from its next one that start left of $stripEnd (pixels),
  ;; and the rectangle of upper-left neighbours they read (positions clamped to 0..maxXF, 0..maxYF as the blend
  ;; clamps them; a span's positions are linear, so its ends bound it). Returns the number of spans taken.
  (func (export "measure") (param $rows i32) (param $stripEnd i32) (param $maxXF i32) (param $maxYF i32)
    (result i32)
    (local $j i32) (local $rec i32) (local $end i32) (local $x i32) (local $taken i32) (local $n i32)
    (local $a i32) (local $b i32)
    (local $x0 i32) (local $x1 i32) (local $y0 i32) (local $y1 i32)
    (local.set $x0 (local.get $maxXF))
    (local.set $y0 (local.get $maxYF))
    ;; $j steps through the row records' byte offsets.
    (block $rowsDone
      (loop $nextRow
        (br_if $rowsDone (i32.ge_u (local.get $j) (i32.shl (local.get $rows) (i32.const 2))))
        (local.set $rec (i32.load offset=393216 (local.get $j)))
        (local.set $end (i32.load offset=393472 (local.get $j)))
        (local.set $x (i32.load offset=393984 (local.get $j)))
        (block $spansDone
          (loop $nextSpan
            (br_if $spansDone
              (i32.or (i32.ge_u (local.get $rec) (local.get $end)) (i32.ge_s (local.get $x) (local.get $stripEnd))))
            (local.set $n (i32.sub (i32.load offset=16 (local.get $rec)) (i32.const 1)))
            ;; x at both ends, clamped.
            (local.set $a (i32.load (local.get $rec)))
            (local.set $b (i32.add (local.get $a) (i32.mul (i32.load offset=8 (local.get $rec)) (local.get $n))))
            (local.set $a (select (i32.const 0) (local.get $a) (i32.lt_s (local.get $a) (i32.const 0))))
            (local.set $a (select (local.get $maxXF) (local.get $a) (i32.gt_s (local.get $a) (local.get $maxXF))))
            (local.set $b (select (i32.const 0) (local.get $b) (i32.lt_s (local.get $b) (i32.const 0))))
            (local.set $b (select (local.get $maxXF) (local.get $b) (i32.gt_s (local.get $b) (local.get $maxXF))))
            (local.set $x0 (select (local.get $a) (local.get $x0) (i32.lt_s (local.get $a) (local.get $x0))))
            (local.set $x0 (select (local.get $b) (local.get $x0) (i32.lt_s (local.get $b) (local.get $x0))))
            (local.set $x1 (select (local.get $a) (local.get $x1) (i32.gt_s (local.get $a) (local.get $x1))))
            (local.set $x1 (select (local.get $b) (local.get $x1) (i32.gt_s (local.get $b) (local.get $x1))))
            ;; y likewise.
            (local.set $a (i32.load offset=4 (local.get $rec)))
            (local.set $b (i32.add (local.get $a) (i32.mul (i32.load offset=12 (local.get $rec)) (local.get $n))))
            (local.set $a (select (i32.const 0) (local.get $a) (i32.lt_s (local.get $a) (i32.const 0))))
            (local.set $a (select (local.get $maxYF) (local.get $a) (i32.gt_s (local.get $a) (local.get $maxYF))))
            (local.set $b (select (i32.const 0) (local.get $b) (i32.lt_s (local.get $b) (i32.const 0))))
            (local.set $b (select (local.get $maxYF) (local.get $b) (i32.gt_s (local.get $b) (local.get $maxYF))))
            (local.set $y0 (select (local.get $a) (local.get $y0) (i32.lt_s (local.get $a) (local.get $y0))))
            (local.set $y0 (select (local.get $b) (local.get $y0) (i32.lt_s (local.get $b) (local.get $y0))))
            (local.set $y1 (select (local.get $a) (local.get $y1) (i32.gt_s (local.get $a) (local.get $y1))))
            (local.set $y1 (select (local.get $b) (local.get $y1) (i32.gt_s (local.get $b) (local.get $y1))))
            (local.set $x (i32.add (local.get $x) (i32.add (local.get $n) (i32.const 1))))
            (local.set $taken (i32.add (local.get $taken) (i32.const 1)))
            (local.set $rec (i32.add (local.get $rec) (i32.const 24)))
            (br $nextSpan)))
        (i32.store offset=393728 (local.get $j) (local.get $rec))
        (i32.store offset=394240 (local.get $j) (local.get $x))
        (local.set $j (i32.add (local.get $j) (i32.const 4)))
        (br $nextRow)))
    (i32.store offset=394496 (i32.const 0) (i32.shr_u (local.get $x0) (i32.const 16)))
    (i32.store offset=394500 (i32.const 0) (i32.shr_u (local.get $x1) (i32.const 16)))
    (i32.store offset=394504 (i32.const 0) (i32.shr_u (local.get $y0) (i32.const 16)))
    (i32.store offset=394508 (i32.const 0) (i32.shr_u (local.get $y1) (i32.const 16)))
    (local.get $taken))

  ;; Blends the spans `measure` took into the block's output rows (row j at $out + j $outStride, from its
  ;; output x), reading the tile: source pixel (x, y) lies at $tile + 4 (y $stride + x) (the address may wrap
  ;; below the tile's rectangle, which is never read). Positions are clamped to the rectangle; for the spans'
  ;; own pixels that is the clamp to the source (0..maxXF, 0..maxYF), as `measure` found the rectangle from
  ;; the clamped ends.
  (func (export "blend")
    (param $rows i32) (param $out i32) (param $outStride i32) (param $tile i32) (param $stride i32)
    (param $minXF i32) (param $maxXF i32) (param $minYF i32) (param $maxYF i32)
    (local $j i32) (local $rec i32) (local $recEnd i32) (local $p i32) (local $pEnd i32) (local $rowStride i32)
    (local $a i32) (local $fx i32) (local $fy i32) (local $dx i32) (local $dy i32)
    (local $x v128) (local $y v128) (local $dx4 v128) (local $dy4 v128) (local $cx v128) (local $cy v128)
    (local $px v128) (local $py v128) (local $s v128) (local $u v128) (local $w v128)
    (local $top0 v128) (local $bot0 v128) (local $top1 v128) (local $bot1 v128) (local $lo v128) (local $hi v128)
    (local $t v128) (local $b v128)
    (local $vtile v128) (local $vstride v128) (local $vminX v128) (local $vmaxX v128) (local $vminY v128)
    (local $vmaxY v128) (local $c64 v128) (local $c127 v128) (local $c128 v128)
    (local.set $rowStride (i32.shl (local.get $stride) (i32.const 2)))
    ;; Every vector the loop keeps goes through memory: a local set from a splat is a splat to V8, which it
    ;; rebuilds on every turn (two instructions each, 14 % of the loop); one loaded from memory stays put.
    (v128.store offset=394528 (i32.const 0) (i32x4.splat (local.get $tile)))
    (local.set $vtile (v128.load offset=394528 (i32.const 0)))
    (v128.store offset=394544 (i32.const 0) (i32x4.splat (local.get $stride)))
    (local.set $vstride (v128.load offset=394544 (i32.const 0)))
    (v128.store offset=394560 (i32.const 0) (i32x4.splat (local.get $minXF)))
    (local.set $vminX (v128.load offset=394560 (i32.const 0)))
    (v128.store offset=394576 (i32.const 0) (i32x4.splat (local.get $maxXF)))
    (local.set $vmaxX (v128.load offset=394576 (i32.const 0)))
    (v128.store offset=394592 (i32.const 0) (i32x4.splat (local.get $minYF)))
    (local.set $vminY (v128.load offset=394592 (i32.const 0)))
    (v128.store offset=394608 (i32.const 0) (i32x4.splat (local.get $maxYF)))
    (local.set $vmaxY (v128.load offset=394608 (i32.const 0)))
    (v128.store offset=394624 (i32.const 0) (i16x8.splat (i32.const 64)))
    (local.set $c64 (v128.load offset=394624 (i32.const 0)))
    (v128.store offset=394640 (i32.const 0) (i32x4.splat (i32.const 127)))
    (local.set $c127 (v128.load offset=394640 (i32.const 0)))
    (v128.store offset=394656 (i32.const 0) (i32x4.splat (i32.const 128)))
    (local.set $c128 (v128.load offset=394656 (i32.const 0)))
    (block $rowsDone
      (loop $nextRow
        (br_if $rowsDone (i32.ge_u (local.get $j) (local.get $rows)))
        (local.set $rec (i32.load offset=393216 (i32.shl (local.get $j) (i32.const 2))))
        (local.set $recEnd (i32.load offset=393728 (i32.shl (local.get $j) (i32.const 2))))
        (local.set $p
          (i32.add (i32.add (local.get $out) (i32.mul (local.get $j) (local.get $outStride)))
            (i32.shl (i32.load offset=393984 (i32.shl (local.get $j) (i32.const 2))) (i32.const 2))))
        ;; The row continues after these spans next time.
        (i32.store offset=393216 (i32.shl (local.get $j) (i32.const 2)) (local.get $recEnd))
        (i32.store offset=393984 (i32.shl (local.get $j) (i32.const 2))
          (i32.load offset=394240 (i32.shl (local.get $j) (i32.const 2))))
        (block $spansDone
          (loop $nextSpan
            (br_if $spansDone (i32.ge_u (local.get $rec) (local.get $recEnd)))
            (local.set $fx (i32.load (local.get $rec)))
            (local.set $fy (i32.load offset=4 (local.get $rec)))
            (local.set $dx (i32.load offset=8 (local.get $rec)))
            (local.set $dy (i32.load offset=12 (local.get $rec)))
            (local.set $pEnd (i32.add (local.get $p) (i32.shl (i32.load offset=16 (local.get $rec)) (i32.const 2))))
            ;; Lanes k = 0..3 hold pixel k's position fx + k dx (the integer steps of the scalar loop, wrapping
            ;; alike).
            (local.set $x
              (i32x4.add (i32x4.splat (local.get $fx))
                (i32x4.mul (i32x4.splat (local.get $dx)) (v128.const i32x4 0 1 2 3))))
            (local.set $y
              (i32x4.add (i32x4.splat (local.get $fy))
                (i32x4.mul (i32x4.splat (local.get $dy)) (v128.const i32x4 0 1 2 3))))
            (v128.store offset=394672 (i32.const 0) (i32x4.splat (i32.shl (local.get $dx) (i32.const 2))))
            (local.set $dx4 (v128.load offset=394672 (i32.const 0)))
            (v128.store offset=394688 (i32.const 0) (i32x4.splat (i32.shl (local.get $dy) (i32.const 2))))
            (local.set $dy4 (v128.load offset=394688 (i32.const 0)))
            ;; Four pixels per turn; the last turn may write up to three pixels past the span, into the next
            ;; span's place (written after) or the row's slack.
            (block $done
              (loop $next
                (br_if $done (i32.ge_u (local.get $p) (local.get $pEnd)))
                (local.set $cx (i32x4.min_s (i32x4.max_s (local.get $x) (local.get $vminX)) (local.get $vmaxX)))
                (local.set $cy (i32x4.min_s (i32x4.max_s (local.get $y) (local.get $vminY)) (local.get $vmaxY)))
                ;; The upper-left neighbour's byte address, through scratch (plain loads beat lane extracts).
                (v128.store offset=394512 (i32.const 0)
                  (i32x4.add (local.get $vtile)
                    (i32x4.shl
                      (i32x4.add
                        (i32x4.mul (i32x4.shr_u (local.get $cy) (i32.const 16)) (local.get $vstride))
                        (i32x4.shr_u (local.get $cx) (i32.const 16)))
                      (i32.const 2))))
                ;; Weights as i16 pairs per lane: across (128 - wx, wx), down (128 - wy, wy).
                (local.set $px (v128.and (i32x4.shr_u (local.get $cx) (i32.const 9)) (local.get $c127)))
                (local.set $px
                  (v128.or (i32x4.sub (local.get $c128) (local.get $px)) (i32x4.shl (local.get $px) (i32.const 16))))
                (local.set $py (v128.and (i32x4.shr_u (local.get $cy) (i32.const 9)) (local.get $c127)))
                (local.set $py
                  (v128.or (i32x4.sub (local.get $c128) (local.get $py)) (i32x4.shl (local.get $py) (i32.const 16))))
                ;; Pixel k: bytes a0..a3 b0..b3 (upper pair) c0..c3 d0..d3 (lower pair) interleaved with themselves
                ;; shifted by a pixel into a0 b0 a1 b1 ... and c0 d0 ..., widened to i16 and dotted with
                ;; (128 - wx, wx): each row's blend across, per channel.
                (local.set $a (i32.load offset=394512 (i32.const 0)))
                (local.set $s
                  (v128.load64_lane 1 (i32.add (local.get $a) (local.get $rowStride))
                    (v128.load64_zero (local.get $a))))
                (local.set $u (i64x2.shr_u (local.get $s) (i32.const 32)))
                (local.set $w (i8x16.shuffle 0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3 (local.get $px) (local.get $px)))
                (local.set $top0
                  (i32x4.dot_i16x8_s
                    (i16x8.extend_low_i8x16_u
                      (i8x16.shuffle 0 16 1 17 2 18 3 19 4 20 5 21 6 22 7 23 (local.get $s) (local.get $u)))
                    (local.get $w)))
                (local.set $bot0
                  (i32x4.dot_i16x8_s
                    (i16x8.extend_low_i8x16_u
                      (i8x16.shuffle 8 24 9 25 10 26 11 27 12 28 13 29 14 30 15 31 (local.get $s) (local.get $u)))
                    (local.get $w)))
                (local.set $a (i32.load offset=394516 (i32.const 0)))
                (local.set $s
                  (v128.load64_lane 1 (i32.add (local.get $a) (local.get $rowStride))
                    (v128.load64_zero (local.get $a))))
                (local.set $u (i64x2.shr_u (local.get $s) (i32.const 32)))
                (local.set $w (i8x16.shuffle 4 5 6 7 4 5 6 7 4 5 6 7 4 5 6 7 (local.get $px) (local.get $px)))
                (local.set $top1
                  (i32x4.dot_i16x8_s
                    (i16x8.extend_low_i8x16_u
                      (i8x16.shuffle 0 16 1 17 2 18 3 19 4 20 5 21 6 22 7 23 (local.get $s) (local.get $u)))
                    (local.get $w)))
                (local.set $bot1
                  (i32x4.dot_i16x8_s
                    (i16x8.extend_low_i8x16_u
                      (i8x16.shuffle 8 24 9 25 10 26 11 27 12 28 13 29 14 30 15 31 (local.get $s) (local.get $u)))
                    (local.get $w)))
                ;; Pixels 0 and 1 down: both rows rounded to 8 bits, interleaved per channel and dotted with
                ;; (128 - wy, wy), rounded again: (t (128 - wy) + b wy + 64) >> 7, all within i16.
                (local.set $t
                  (i16x8.shr_u (i16x8.add (i16x8.narrow_i32x4_s (local.get $top0) (local.get $top1)) (local.get $c64))
                    (i32.const 7)))
                (local.set $b
                  (i16x8.shr_u (i16x8.add (i16x8.narrow_i32x4_s (local.get $bot0) (local.get $bot1)) (local.get $c64))
                    (i32.const 7)))
                (local.set $lo
                  (i16x8.shr_u
                    (i16x8.add
                      (i16x8.narrow_i32x4_s
                        (i32x4.dot_i16x8_s
                          (i8x16.shuffle 0 1 16 17 2 3 18 19 4 5 20 21 6 7 22 23 (local.get $t) (local.get $b))
                          (i8x16.shuffle 0 1 2 3 0 1 2 3 0 1 2 3 0 1 2 3 (local.get $py) (local.get $py)))
                        (i32x4.dot_i16x8_s
                          (i8x16.shuffle 8 9 24 25 10 11 26 27 12 13 28 29 14 15 30 31 (local.get $t) (local.get $b))
                          (i8x16.shuffle 4 5 6 7 4 5 6 7 4 5 6 7 4 5 6 7 (local.get $py) (local.get $py))))
                      (local.get $c64))
                    (i32.const 7)))
                (local.set $a (i32.load offset=394520 (i32.const 0)))
                (local.set $s
                  (v128.load64_lane 1 (i32.add (local.get $a) (local.get $rowStride))
                    (v128.load64_zero (local.get $a))))
                (local.set $u (i64x2.shr_u (local.get $s) (i32.const 32)))
                (local.set $w (i8x16.shuffle 8 9 10 11 8 9 10 11 8 9 10 11 8 9 10 11 (local.get $px) (local.get $px)))
                (local.set $top0
                  (i32x4.dot_i16x8_s
                    (i16x8.extend_low_i8x16_u
                      (i8x16.shuffle 0 16 1 17 2 18 3 19 4 20 5 21 6 22 7 23 (local.get $s) (local.get $u)))
                    (local.get $w)))
                (local.set $bot0
                  (i32x4.dot_i16x8_s
                    (i16x8.extend_low_i8x16_u
                      (i8x16.shuffle 8 24 9 25 10 26 11 27 12 28 13 29 14 30 15 31 (local.get $s) (local.get $u)))
                    (local.get $w)))
                (local.set $a (i32.load offset=394524 (i32.const 0)))
                (local.set $s
                  (v128.load64_lane 1 (i32.add (local.get $a) (local.get $rowStride))
                    (v128.load64_zero (local.get $a))))
                (local.set $u (i64x2.shr_u (local.get $s) (i32.const 32)))
                (local.set $w
                  (i8x16.shuffle 12 13 14 15 12 13 14 15 12 13 14 15 12 13 14 15
                    (local.get $px) (local.get $px)))
                (local.set $top1
                  (i32x4.dot_i16x8_s
                    (i16x8.extend_low_i8x16_u
                      (i8x16.shuffle 0 16 1 17 2 18 3 19 4 20 5 21 6 22 7 23 (local.get $s) (local.get $u)))
                    (local.get $w)))
                (local.set $bot1
                  (i32x4.dot_i16x8_s
                    (i16x8.extend_low_i8x16_u
                      (i8x16.shuffle 8 24 9 25 10 26 11 27 12 28 13 29 14 30 15 31 (local.get $s) (local.get $u)))
                    (local.get $w)))
                (local.set $t
                  (i16x8.shr_u (i16x8.add (i16x8.narrow_i32x4_s (local.get $top0) (local.get $top1)) (local.get $c64))
                    (i32.const 7)))
                (local.set $b
                  (i16x8.shr_u (i16x8.add (i16x8.narrow_i32x4_s (local.get $bot0) (local.get $bot1)) (local.get $c64))
                    (i32.const 7)))
                (local.set $hi
                  (i16x8.shr_u
                    (i16x8.add
                      (i16x8.narrow_i32x4_s
                        (i32x4.dot_i16x8_s
                          (i8x16.shuffle 0 1 16 17 2 3 18 19 4 5 20 21 6 7 22 23 (local.get $t) (local.get $b))
                          (i8x16.shuffle 8 9 10 11 8 9 10 11 8 9 10 11 8 9 10 11 (local.get $py) (local.get $py)))
                        (i32x4.dot_i16x8_s
                          (i8x16.shuffle 8 9 24 25 10 11 26 27 12 13 28 29 14 15 30 31 (local.get $t) (local.get $b))
                          (i8x16.shuffle 12 13 14 15 12 13 14 15 12 13 14 15 12 13 14 15
                            (local.get $py) (local.get $py))))
                      (local.get $c64))
                    (i32.const 7)))
                ;; Four pixels, narrowed to bytes, in one store.
                (v128.store (local.get $p) (i8x16.narrow_i16x8_u (local.get $lo) (local.get $hi)))
                (local.set $x (i32x4.add (local.get $x) (local.get $dx4)))
                (local.set $y (i32x4.add (local.get $y) (local.get $dy4)))
                (local.set $p (i32.add (local.get $p) (i32.const 16)))
                (br $next)))
            (local.set $p (local.get $pEnd))
            (local.set $rec (i32.add (local.get $rec) (i32.const 24)))
            (br $nextSpan)))
        (local.set $j (i32.add (local.get $j) (i32.const 1)))
        (br $nextRow)))))
