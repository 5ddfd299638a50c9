;; The inner loop of warp.ts's homography in WebAssembly: bilinear blends along the spans of one output row,
;; which warp.ts plans (projective division at span ends, 16.16 fixed-point position and step) and writes into
;; a span table. Same integer arithmetic as the JavaScript (two 8-bit channels per 16-bit lane), so the same
;; bytes; faster because the four neighbour loads carry no bounds checks.
;;
;; Layout (bytes): 0 span table (6 int32 per span: fx, fy, dx, dy, n, inside; up to 16384 spans); 393216 the
;; output row (up to 16384 pixels); 458752 the source image (grown to fit by wasm/warp.ts).
(module
  (memory (export "memory") 8)

  ;; Fills the output row from $spans span records. Positions are clamped to 0..maxXF, 0..maxYF (so the right
  ;; and lower neighbours always exist); inside the source that changes nothing, and four compares cost less
  ;; than a branch per span. The blend is written out in the loop (no call per pixel).
  (func (export "warpRow") (param $spans i32) (param $sw i32) (param $maxXF i32) (param $maxYF i32)
    (local $rec i32) (local $recEnd i32) (local $p i32) (local $pEnd i32)
    (local $fx i32) (local $fy i32) (local $dx i32) (local $dy i32) (local $sx i32) (local $sy i32)
    (local $addr i32) (local $a i32) (local $b i32) (local $c i32) (local $d i32)
    (local $wx i32) (local $wy i32) (local $vx i32) (local $vy i32)
    (local $top0 i32) (local $bot0 i32) (local $top1 i32) (local $bot1 i32)
    (local.set $p (i32.const 393216))
    (local.set $recEnd (i32.mul (local.get $spans) (i32.const 24)))
    (block $spansDone
      (loop $nextSpan
        (br_if $spansDone (i32.ge_u (local.get $rec) (local.get $recEnd)))
        (local.set $fx (i32.load (local.get $rec)))
        (local.set $fy (i32.load offset=4 (local.get $rec)))
        (local.set $dx (i32.load offset=8 (local.get $rec)))
        (local.set $dy (i32.load offset=12 (local.get $rec)))
        (local.set $pEnd (i32.add (local.get $p) (i32.shl (i32.load offset=16 (local.get $rec)) (i32.const 2))))
        (block $done
          (loop $next
            (br_if $done (i32.ge_u (local.get $p) (local.get $pEnd)))
            (local.set $sx
              (select (i32.const 0)
                (select (local.get $maxXF) (local.get $fx) (i32.gt_s (local.get $fx) (local.get $maxXF)))
                (i32.lt_s (local.get $fx) (i32.const 0))))
            (local.set $sy
              (select (i32.const 0)
                (select (local.get $maxYF) (local.get $fy) (i32.gt_s (local.get $fy) (local.get $maxYF)))
                (i32.lt_s (local.get $fy) (i32.const 0))))
            (i32.store (local.get $p)
              (local.set $addr
                (i32.add (i32.const 458752)
                  (i32.shl
                    (i32.add (i32.mul (i32.shr_s (local.get $sy) (i32.const 16)) (local.get $sw))
                             (i32.shr_s (local.get $sx) (i32.const 16)))
                    (i32.const 2))))
              (local.set $a (i32.load (local.get $addr)))
              (local.set $b (i32.load offset=4 (local.get $addr)))
              (local.set $addr (i32.add (local.get $addr) (i32.shl (local.get $sw) (i32.const 2))))
              (local.set $c (i32.load (local.get $addr)))
              (local.set $d (i32.load offset=4 (local.get $addr)))
              (local.set $wx (i32.and (i32.shr_s (local.get $sx) (i32.const 9)) (i32.const 127)))
              (local.set $wy (i32.and (i32.shr_s (local.get $sy) (i32.const 9)) (i32.const 127)))
              (local.set $vx (i32.sub (i32.const 128) (local.get $wx)))
              (local.set $vy (i32.sub (i32.const 128) (local.get $wy)))
              (local.set $top0 (i32.and (i32.shr_u (i32.add (i32.add
                (i32.mul (i32.and (local.get $a) (i32.const 0x00ff00ff)) (local.get $vx))
                (i32.mul (i32.and (local.get $b) (i32.const 0x00ff00ff)) (local.get $wx))) (i32.const 0x00400040))
                (i32.const 7)) (i32.const 0x00ff00ff)))
              (local.set $bot0 (i32.and (i32.shr_u (i32.add (i32.add
                (i32.mul (i32.and (local.get $c) (i32.const 0x00ff00ff)) (local.get $vx))
                (i32.mul (i32.and (local.get $d) (i32.const 0x00ff00ff)) (local.get $wx))) (i32.const 0x00400040))
                (i32.const 7)) (i32.const 0x00ff00ff)))
              (local.set $top1 (i32.and (i32.shr_u (i32.add (i32.add
                (i32.mul (i32.and (i32.shr_u (local.get $a) (i32.const 8)) (i32.const 0x00ff00ff)) (local.get $vx))
                (i32.mul (i32.and (i32.shr_u (local.get $b) (i32.const 8)) (i32.const 0x00ff00ff)) (local.get $wx)))
                (i32.const 0x00400040)) (i32.const 7)) (i32.const 0x00ff00ff)))
              (local.set $bot1 (i32.and (i32.shr_u (i32.add (i32.add
                (i32.mul (i32.and (i32.shr_u (local.get $c) (i32.const 8)) (i32.const 0x00ff00ff)) (local.get $vx))
                (i32.mul (i32.and (i32.shr_u (local.get $d) (i32.const 8)) (i32.const 0x00ff00ff)) (local.get $wx)))
                (i32.const 0x00400040)) (i32.const 7)) (i32.const 0x00ff00ff)))
              (i32.or
                (i32.and (i32.shr_u (i32.add (i32.add
                  (i32.mul (local.get $top0) (local.get $vy)) (i32.mul (local.get $bot0) (local.get $wy)))
                  (i32.const 0x00400040)) (i32.const 7)) (i32.const 0x00ff00ff))
                (i32.shl
                  (i32.and (i32.shr_u (i32.add (i32.add
                    (i32.mul (local.get $top1) (local.get $vy)) (i32.mul (local.get $bot1) (local.get $wy)))
                    (i32.const 0x00400040)) (i32.const 7)) (i32.const 0x00ff00ff))
                  (i32.const 8)))
            )
            (local.set $fx (i32.add (local.get $fx) (local.get $dx)))
            (local.set $fy (i32.add (local.get $fy) (local.get $dy)))
            (local.set $p (i32.add (local.get $p) (i32.const 4)))
            (br $next)))
        (local.set $rec (i32.add (local.get $rec) (i32.const 24)))
        (br $nextSpan)))))
