;; The streaming unsharp mask of planes.ts (binomialLumaResponse) in WebAssembly: per row, luma and the
;; horizontal [1 4 6 4 1] sums into five-row rings; per output row, the vertical sums, the detail through the
;; response table and the clamped add to R, G and B. Same integer arithmetic as the JavaScript, so the same
;; bytes; faster because table reads carry no bounds check and the rings sit at fixed addresses.
;; wasm/sharpen.ts copies each source row in and each output row out (rows up to MAX_WIDTH pixels).
;;
;; Layout (bytes): 0 response table (int16, 8161 entries, index = detail in 1/16 levels + 4080);
;; 16384 clamp table (768 bytes, clamp[v + 256] = v limited to 0..255); 17408 source pixel ring (5 slots of
;; 32768); 181248 luma ring (int32, 5 slots of 32784: two padding pixels each side); 345168 sums ring (int32,
;; 5 slots of 32768); 509008 the output row.
(module
  (memory (export "memory") 9)

  ;; Luma and horizontal sums of the source row in ring slot $slot.
  (func (export "prepareRow") (param $slot i32) (param $width i32)
    (local $px i32) (local $l i32) (local $s i32) (local $x i32) (local $w i32)
    (local $a i32) (local $b i32) (local $c i32) (local $d i32) (local $e i32) (local $end i32)
    (local.set $px (i32.add (i32.const 17408) (i32.mul (local.get $slot) (i32.const 32768))))
    (local.set $l (i32.add (i32.const 181248) (i32.mul (local.get $slot) (i32.const 32784))))
    (local.set $s (i32.add (i32.const 345168) (i32.mul (local.get $slot) (i32.const 32768))))
    ;; luma[l + 8 + 4x] = (54 r + 183 g + 19 b + 128) >> 8
    (local.set $x (i32.const 0))
    (local.set $end (i32.shl (local.get $width) (i32.const 2)))
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
    ;; Rolling window a b c d e centred on pixel x: sums[x] = a + 4 (b + d) + 6 c + e.
    (local.set $a (i32.load (local.get $l)))
    (local.set $b (i32.load offset=4 (local.get $l)))
    (local.set $c (i32.load offset=8 (local.get $l)))
    (local.set $d (i32.load offset=12 (local.get $l)))
    (local.set $x (i32.const 0))
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
    (local.set $s0 (i32.add (i32.const 345168) (i32.mul (local.get $k0) (i32.const 32768))))
    (local.set $s1 (i32.add (i32.const 345168) (i32.mul (local.get $k1) (i32.const 32768))))
    (local.set $s2 (i32.add (i32.const 345168) (i32.mul (local.get $k2) (i32.const 32768))))
    (local.set $s3 (i32.add (i32.const 345168) (i32.mul (local.get $k3) (i32.const 32768))))
    (local.set $s4 (i32.add (i32.const 345168) (i32.mul (local.get $k4) (i32.const 32768))))
    (local.set $l (i32.add (i32.const 181256) (i32.mul (local.get $k2) (i32.const 32784))))
    (local.set $px (i32.add (i32.const 17408) (i32.mul (local.get $k2) (i32.const 32768))))
    (local.set $x (i32.const 0))
    (local.set $end (i32.shl (local.get $width) (i32.const 2)))
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
