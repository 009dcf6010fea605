# Varnish 7 in front of the site: the worked example of a shared cache (docs/deploying.md).
# Needs varnish-modules for xkey (Debian: apt-get install varnish varnish-modules). Run with
#   varnishd -F -a :80 -f /path/to/varnish.vcl -n /var/lib/varnish/site -s malloc,256m
# and set CDN_PURGE=varnish CDN_PURGE_URL=http://<this host>:80/ on every instance, and
# TRUSTED_PROXIES=<the address Varnish connects to the site from> (127.0.0.1 on one host).
#
# What it relies on from the site (web/edge/edge-cache.ts): pages and /locales files come with
# `Cache-Control: public, max-age=0, s-maxage=86400` and their dictionaries in `Surrogate-Key`;
# previews, /api/*, anything with a Set-Cookie and every 5xx say `private, no-store`. A publish
# sends `PURGE` with the tags to purge in an `xkey-purge` header.
vcl 4.1;

import directors;
import std;
import xkey;

# Each backend is asked for its health every 5 s; once fewer than 3 of the last 5 answers were
# good (3 failures in a row from healthy) it gets no requests until it answers again. Until then
# a request it does not answer is asked of the next instance (vcl_backend_error).
probe health {
    .url = "/api/health";
    .interval = 5s;
    .timeout = 2s;
    .window = 5;
    .threshold = 3;
    # Healthy from the start: a fresh Varnish serves at once.
    .initial = 3;
}

# The site's instances (npm run serve, each with the same REDIS_URL: docs/several-instances.md),
# one backend each; with one instance, keep one. The tests replace the ports with the ones they
# started the instances on.
backend site1 {
    .host = "127.0.0.1";
    .port = "3001";
    .connect_timeout = 2s;
    .first_byte_timeout = 30s;
    .probe = health;
}

backend site2 {
    .host = "127.0.0.1";
    .port = "3002";
    .connect_timeout = 2s;
    .first_byte_timeout = 30s;
    .probe = health;
}

sub vcl_init {
    # Requests go to the healthy instances in turn.
    new sites = directors.round_robin();
    sites.add_backend(site1);
    sites.add_backend(site2);
}

# Who may purge: the site's servers. List their addresses here.
acl purgers {
    "127.0.0.1";
    "::1";
}

sub vcl_recv {
    set req.backend_hint = sites.backend();
    if (req.method == "PURGE") {
        if (client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        if (!req.http.xkey-purge) {
            return (synth(400, "Name the tags to purge in an xkey-purge header"));
        }
        # A hard purge: the next request fetches the page again. A soft purge would serve the
        # old copy once more.
        set req.http.n-gone = xkey.purge(req.http.xkey-purge);
        return (synth(200, "Purged " + req.http.n-gone + " objects"));
    }
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # Who the visitor is: Varnish has already appended client.ip to X-Forwarded-For (before
    # vcl_recv runs), and the site believes that header from this Varnish only when its
    # address is in the site's TRUSTED_PROXIES; what a visitor wrote there itself stands to
    # the left of its address and is never read. So the site gives the detail of
    # /api/content-status to no visitor through here but the webhook secret's holders: their
    # Authorization header is passed on on purpose (docs/security.md lets them read it from
    # anywhere), and the answer is never cached, so nobody else ever gets it. Stripping that
    # header here would only lock them out; letting Varnish answer for the site would put a
    # second copy of the site's rule here.
    # Webhooks, previews' entry and exit, health, content status: always the site's own answer.
    if (req.url ~ "^/api/") {
        return (pass);
    }
    # A preview (Next's draft-mode cookie) shows drafts made for one editor.
    if (req.http.Cookie ~ "(^|;\s*)(__prerender_bypass|__next_preview_data)=") {
        return (pass);
    }
    # No page depends on any other cookie (consent lives in the browser's storage; analytics
    # cookies are read by the browser only): dropped, so they neither split nor poison the cache.
    unset req.http.Cookie;
    # Stale copies only while the site is down; otherwise at most 10 s past their time.
    if (std.healthy(req.backend_hint)) {
        set req.grace = 10s;
    }
}

sub vcl_backend_response {
    # xkey indexes objects by the tags in their xkey header.
    if (beresp.http.Surrogate-Key) {
        set beresp.http.xkey = beresp.http.Surrogate-Key;
    }
    # Never keep an error; let the next request try the site again.
    if (beresp.status >= 500) {
        set beresp.ttl = 1s;
        set beresp.uncacheable = true;
        return (deliver);
    }
    # Kept for serving while the site is down (vcl_recv limits it when the site is up).
    set beresp.grace = 24h;
    # Falls through to Varnish's built-in rules: Set-Cookie, private, no-store are not cached.
}

sub vcl_backend_error {
    # An instance that does not answer (stopped, restarting) before its health check has
    # noticed: the next one is asked, once. Only reads: a body is not kept for a second try.
    if (bereq.retries == 0 && bereq.method ~ "^(GET|HEAD)$") {
        return (retry);
    }
}

sub vcl_deliver {
    unset resp.http.xkey;
    if (obj.uncacheable) {
        set resp.http.X-Cache = "PASS";
    } else if (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
    } else {
        set resp.http.X-Cache = "MISS";
    }
}
