;; Point operations (per-channel tables, optionally after a 3x3 saturation matrix) over RGBA pixels in this
;; module's memory, in place. Hand-written WebAssembly: JavaScript pays a bounds check on each of the three
;; table reads per pixel, which caps it at ~400 MP/s on one core; here the reads are plain loads (memory
;; bounds are free, guard pages), so the loop runs near the speed of memory. lut.ts copies pixels through the
;; buffer in cache-sized chunks, so memory traffic stays that of one pass. Built by build.ts (npm `wabt`).
;;
;; Layout (bytes): 0..767 three 256-entry tables R, G, B; 1024..4863 three widened tables (1280 entries each,
;; index = value + 512, clamped at the ends) for the matrix path; 8192.. the pixel chunk (CHUNK_BYTES).
(module
  (memory (export "memory") 4)

  ;; out = R[r] | G[g] << 8 | B[b] << 16 | alpha, for n pixels from byte offset 8192; two pixels per turn.
  (func (export "applyLuts") (param $n i32)
    (local $p i32) (local $end i32) (local $w i32) (local $v i32)
    (local.set $p (i32.const 8192))
    (local.set $end (i32.add (i32.const 8192) (i32.shl (local.get $n) (i32.const 2))))
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
  (func (export "applyMatrixLuts")
    (param $n i32) (param $m0 i32) (param $m1 i32) (param $m2 i32) (param $m3 i32) (param $m4 i32)
    (param $m5 i32) (param $m6 i32) (param $m7 i32) (param $m8 i32)
    (local $p i32) (local $end i32) (local $w i32) (local $r i32) (local $g i32) (local $b i32)
    (local.set $p (i32.const 8192))
    (local.set $end (i32.add (i32.const 8192) (i32.shl (local.get $n) (i32.const 2))))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $p) (local.get $end)))
        (local.set $w (i32.load (local.get $p)))
        (local.set $r (i32.and (local.get $w) (i32.const 255)))
        (local.set $g (i32.and (i32.shr_u (local.get $w) (i32.const 8)) (i32.const 255)))
        (local.set $b (i32.and (i32.shr_u (local.get $w) (i32.const 16)) (i32.const 255)))
        (i32.store (local.get $p)
          (i32.or
            (i32.or
              (i32.load8_u offset=1024
                (i32.shr_s
                  (i32.add
                    (i32.add (i32.mul (local.get $m0) (local.get $r)) (i32.mul (local.get $m1) (local.get $g)))
                    (i32.add (i32.mul (local.get $m2) (local.get $b)) (i32.const 2099200)))
                  (i32.const 12)))
              (i32.shl
                (i32.load8_u offset=2304
                  (i32.shr_s
                    (i32.add
                      (i32.add (i32.mul (local.get $m3) (local.get $r)) (i32.mul (local.get $m4) (local.get $g)))
                      (i32.add (i32.mul (local.get $m5) (local.get $b)) (i32.const 2099200)))
                    (i32.const 12)))
                (i32.const 8)))
            (i32.or
              (i32.shl
                (i32.load8_u offset=3584
                  (i32.shr_s
                    (i32.add
                      (i32.add (i32.mul (local.get $m6) (local.get $r)) (i32.mul (local.get $m7) (local.get $g)))
                      (i32.add (i32.mul (local.get $m8) (local.get $b)) (i32.const 2099200)))
                    (i32.const 12)))
                (i32.const 16))
              (i32.and (local.get $w) (i32.const 0xff000000)))))
        (local.set $p (i32.add (local.get $p) (i32.const 4)))
        (br $next)))))
