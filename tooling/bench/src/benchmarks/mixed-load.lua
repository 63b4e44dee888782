-- A mixed listener workload for wrk: every request is drawn at random from the pre-formatted
-- lines of MIXED_REQUESTS (method, path, headers "name:value|...", body; tab-separated), whose
-- repetition sets each kind's share. The report script prints the run's JSON line.
local requests = {}

-- Formatted in init, not at load: wrk sets the Host header only once the script is loaded.
init = function(args)
  local file = assert(io.open(os.getenv('MIXED_REQUESTS'), 'r'))
  for line in file:lines() do
    local method, path, headerText, body = line:match('^(%u+)\t([^\t]*)\t([^\t]*)\t(.*)$')
    local headers = { Host = wrk.headers['Host'] }
    for name, value in headerText:gmatch('([^:|]+):([^|]*)') do headers[name] = value end
    if body == '' then body = nil end
    requests[#requests + 1] = wrk.format(method, path, headers, body)
  end
  file:close()
  assert(#requests > 0, 'no requests in MIXED_REQUESTS')
end

request = function()
  return requests[math.random(#requests)]
end

dofile(os.getenv('BENCH_WRK_REPORT'))
