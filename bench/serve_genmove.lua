-- wrk script for `tengen serve`: POSTs one genmove request, read from the file named by TENGEN_BODY (made with
-- `tengen_serve_load --size 19 --moves 120 --print-body 1 > body.json`), and counts the statuses.
--   TENGEN_BODY=body.json wrk -t2 -c64 -d10s --latency -s bench/serve_genmove.lua http://127.0.0.1:8080
local file = assert(io.open(os.getenv("TENGEN_BODY") or "body.json", "rb"))
wrk.method = "POST"
wrk.path = "/v1/genmove"
wrk.body = file:read("*a")
wrk.headers["Content-Type"] = "application/json"
file:close()

local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  statuses = {}
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
  local counts = {}
  for _, thread in ipairs(threads) do
    local seen = thread:get("statuses")
    for status, n in pairs(seen) do
      counts[status] = (counts[status] or 0) + n
    end
  end
  local text = ""
  for status, n in pairs(counts) do
    text = text .. status .. ":" .. n .. " "
  end
  io.write("statuses: " .. text .. "\n")
end
