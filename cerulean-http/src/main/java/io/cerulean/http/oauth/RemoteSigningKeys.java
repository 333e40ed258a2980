package io.cerulean.http.oauth;

import java.io.IOException;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A key set served at a URL (an identity provider's {@code jwks_uri}): read once at start, and read
 * again when a token names a key it does not hold, since providers roll their keys over. Those
 * reads are at most one per {@link #MIN_REFRESH_INTERVAL}, so tokens with made-up key ids cannot
 * make the server hammer the provider; the request that triggers one waits for it (up to the
 * fetch timeout, on a worker: bearer requests never run on the event loop), the others meanwhile
 * use the keys already held. Thread-safe.
 */
final class RemoteSigningKeys implements SigningKeys {
    static final Duration MIN_REFRESH_INTERVAL = Duration.ofMinutes(1);
    private static final Logger log = LoggerFactory.getLogger(RemoteSigningKeys.class);

    private final URI url;
    private final JsonFetcher fetcher;
    private final Clock clock;
    private final Duration minRefreshInterval;
    private volatile JsonWebKeySet keys;
    /** Guarded by this. */
    private Instant lastFetch;

    /**
     * Reads the key set once.
     *
     * @throws IllegalArgumentException when it cannot be read or is not a key set
     */
    RemoteSigningKeys(URI url, JsonFetcher fetcher, Clock clock, Duration minRefreshInterval) {
        this.url = url;
        this.fetcher = fetcher;
        this.clock = clock;
        this.minRefreshInterval = minRefreshInterval;
        this.lastFetch = clock.instant();
        try {
            this.keys = JsonWebKeySet.parse(fetcher.get(url));
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read the signing keys at " + url + ": " + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the signing keys at " + url + " are not usable: " + e.getMessage());
        }
    }

    @Override
    public SigningKey find(String keyId) {
        if (keyId == null) {
            throw SigningKeys.unknown(null);
        }
        return keys.find(keyId).or(() -> refreshed().find(keyId)).orElseThrow(() -> SigningKeys.unknown(keyId));
    }

    private synchronized JsonWebKeySet refreshed() {
        Instant now = clock.instant();
        if (now.isBefore(lastFetch.plus(minRefreshInterval))) {
            return keys;
        }
        lastFetch = now;
        try {
            keys = JsonWebKeySet.parse(fetcher.get(url));
            log.info("read the signing keys at {} again: {} key(s)", url, keys.size());
        } catch (IOException | IllegalArgumentException e) {
            log.warn("cannot read the signing keys at {} again; keeping the {} held: {}", url, keys.size(),
                    e.getMessage());
        }
        return keys;
    }
}
