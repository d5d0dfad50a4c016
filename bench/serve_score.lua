-- wrk script for `tengen serve`: POSTs the score of an empty 25x25 board, the costliest estimate there is (most of
-- a second on one core), to flood the scoring threads.
--   wrk -t1 -c64 -d25s -s bench/serve_score.lua http://127.0.0.1:8080
wrk.method = "POST"
wrk.path = "/v1/score"
wrk.body = '{"size":25}'
wrk.headers["Content-Type"] = "application/json"
