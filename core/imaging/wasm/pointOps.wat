;; Point operations (per-channel tables, optionally after a 3x3 saturation matrix) over RGBA pixels in this
;; module's memory, in place. Hand-written WebAssembly: JavaScript pays a bounds check on each of the three
;; table reads per pixel, which caps it at ~400 MP/s on one core; here the reads are plain loads (memory
;; bounds are free, guard pages), so the loop runs near the speed of memory. lut.ts copies pixels through the
;; buffer in cache-sized chunks, so memory traffic stays that of one pass. Built by build.ts (npm `wabt`).
;;
;; Layout (bytes): 0..767 three 256-entry tables R, G, B; 768..815 the matrix path's scratch row; 1024..16383 three widened word tables for the matrix
;; path (1280 i32 each at 1024, 6144, 11264; index = value + 512, clamped at the ends, the byte already shifted
;; into its place in the pixel); 16384.. the pixel chunk (CHUNK_PIXELS in pointOps.ts).
(module
  (memory (export "memory") 4)

  ;; out = R[r] | G[g] << 8 | B[b] << 16 | alpha, for n pixels from byte offset 16384; two pixels per turn.
  (func (export "applyLuts") (param $n i32)
    (local $p i32) (local $end i32) (local $w i32) (local $v i32)
    (local.set $p (i32.const 16384))
    (local.set $end (i32.add (i32.const 16384) (i32.shl (local.get $n) (i32.const 2))))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $p) (local.get $end)))
        (local.set $w (i32.load (local.get $p)))
        (local.set $v (i32.load offset=4 (local.get $p)))
        (i32.store (local.get $p)
          (i32.or
            (i32.or
              (i32.load8_u (i32.and (local.get $w) (i32.const 255)))
              (i32.shl (i32.load8_u offset=256 (i32.and (i32.shr_u (local.get $w) (i32.const 8)) (i32.const 255))) (i32.const 8)))
            (i32.or
              (i32.shl (i32.load8_u offset=512 (i32.and (i32.shr_u (local.get $w) (i32.const 16)) (i32.const 255))) (i32.const 16))
              (i32.and (local.get $w) (i32.const 0xff000000)))))
        (i32.store offset=4 (local.get $p)
          (i32.or
            (i32.or
              (i32.load8_u (i32.and (local.get $v) (i32.const 255)))
              (i32.shl (i32.load8_u offset=256 (i32.and (i32.shr_u (local.get $v) (i32.const 8)) (i32.const 255))) (i32.const 8)))
            (i32.or
              (i32.shl (i32.load8_u offset=512 (i32.and (i32.shr_u (local.get $v) (i32.const 16)) (i32.const 255))) (i32.const 16))
              (i32.and (local.get $v) (i32.const 0xff000000)))))
        (local.set $p (i32.add (local.get $p) (i32.const 8)))
        (br $next))))

;; The matrix path: channel c' = table_c[(m_c . rgb + round) >> 12] with 12-bit fixed-point coefficients;
  ;; `round` carries the +512 table offset (2048 + (512 << 12)), so the index is never negative for |m| <= 2.
  ;; The three dot products run for four pixels at once (i32x4); the tables are i32 words with the result
  ;; already in its byte of the pixel (R << 0, G << 8, B << 16), so a pixel is three loads or-ed with alpha.
  (func (export "applyMatrixLuts")
    (param $n i32) (param $m0 i32) (param $m1 i32) (param $m2 i32) (param $m3 i32) (param $m4 i32)
    (param $m5 i32) (param $m6 i32) (param $m7 i32) (param $m8 i32)
    (local $p i32) (local $end i32) (local $v v128) (local $r v128) (local $g v128) (local $b v128)
    (local $ir v128) (local $ig v128) (local $ib v128) (local $round v128)
    (local $v0 v128) (local $v1 v128) (local $v2 v128) (local $v3 v128) (local $v4 v128) (local $v5 v128)
    (local $v6 v128) (local $v7 v128) (local $v8 v128)
    (local.set $round (i32x4.splat (i32.const 2099200)))
    (local.set $v0 (i32x4.splat (local.get $m0)))
    (local.set $v1 (i32x4.splat (local.get $m1)))
    (local.set $v2 (i32x4.splat (local.get $m2)))
    (local.set $v3 (i32x4.splat (local.get $m3)))
    (local.set $v4 (i32x4.splat (local.get $m4)))
    (local.set $v5 (i32x4.splat (local.get $m5)))
    (local.set $v6 (i32x4.splat (local.get $m6)))
    (local.set $v7 (i32x4.splat (local.get $m7)))
    (local.set $v8 (i32x4.splat (local.get $m8)))
    (local.set $p (i32.const 16384))
    (local.set $end (i32.add (i32.const 16384) (i32.shl (local.get $n) (i32.const 2))))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $p) (local.get $end)))
        (local.set $v (v128.load (local.get $p)))
        (local.set $r (v128.and (local.get $v) (v128.const i32x4 255 255 255 255)))
        (local.set $g (v128.and (i32x4.shr_u (local.get $v) (i32.const 8)) (v128.const i32x4 255 255 255 255)))
        (local.set $b (v128.and (i32x4.shr_u (local.get $v) (i32.const 16)) (v128.const i32x4 255 255 255 255)))
        ;; Byte offsets into the word tables: ((m . rgb + round) >> 12) * 4 = (... >> 10) & ~3.
        (local.set $ir
          (v128.and
            (i32x4.shr_s
              (i32x4.add
                (i32x4.add (i32x4.mul (local.get $r) (local.get $v0)) (i32x4.mul (local.get $g) (local.get $v1)))
                (i32x4.add (i32x4.mul (local.get $b) (local.get $v2)) (local.get $round)))
              (i32.const 10))
            (v128.const i32x4 -4 -4 -4 -4)))
        (local.set $ig
          (v128.and
            (i32x4.shr_s
              (i32x4.add
                (i32x4.add (i32x4.mul (local.get $r) (local.get $v3)) (i32x4.mul (local.get $g) (local.get $v4)))
                (i32x4.add (i32x4.mul (local.get $b) (local.get $v5)) (local.get $round)))
              (i32.const 10))
            (v128.const i32x4 -4 -4 -4 -4)))
        (local.set $ib
          (v128.and
            (i32x4.shr_s
              (i32x4.add
                (i32x4.add (i32x4.mul (local.get $r) (local.get $v6)) (i32x4.mul (local.get $g) (local.get $v7)))
                (i32x4.add (i32x4.mul (local.get $b) (local.get $v8)) (local.get $round)))
              (i32.const 10))
            (v128.const i32x4 -4 -4 -4 -4)))
        ;; The offsets go through a scratch row (768..815): plain loads are cheaper than lane extracts.
        (v128.store offset=768 (i32.const 0) (local.get $ir))
        (v128.store offset=784 (i32.const 0) (local.get $ig))
        (v128.store offset=800 (i32.const 0) (local.get $ib))
        (i32.store (local.get $p)
          (i32.or
            (i32.or (i32.load offset=1024 (i32.load offset=768 (i32.const 0))) (i32.load offset=6144 (i32.load offset=784 (i32.const 0))))
            (i32.or (i32.load offset=11264 (i32.load offset=800 (i32.const 0))) (i32.and (i32.load (local.get $p)) (i32.const 0xff000000)))))
        (i32.store offset=4 (local.get $p)
          (i32.or
            (i32.or (i32.load offset=1024 (i32.load offset=772 (i32.const 0))) (i32.load offset=6144 (i32.load offset=788 (i32.const 0))))
            (i32.or (i32.load offset=11264 (i32.load offset=804 (i32.const 0))) (i32.and (i32.load offset=4 (local.get $p)) (i32.const 0xff000000)))))
        (i32.store offset=8 (local.get $p)
          (i32.or
            (i32.or (i32.load offset=1024 (i32.load offset=776 (i32.const 0))) (i32.load offset=6144 (i32.load offset=792 (i32.const 0))))
            (i32.or (i32.load offset=11264 (i32.load offset=808 (i32.const 0))) (i32.and (i32.load offset=8 (local.get $p)) (i32.const 0xff000000)))))
        (i32.store offset=12 (local.get $p)
          (i32.or
            (i32.or (i32.load offset=1024 (i32.load offset=780 (i32.const 0))) (i32.load offset=6144 (i32.load offset=796 (i32.const 0))))
            (i32.or (i32.load offset=11264 (i32.load offset=812 (i32.const 0))) (i32.and (i32.load offset=12 (local.get $p)) (i32.const 0xff000000)))))
        (local.set $p (i32.add (local.get $p) (i32.const 16)))
        (br $next)))))
