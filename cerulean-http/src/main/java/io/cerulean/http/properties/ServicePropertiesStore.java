package io.cerulean.http.properties;

import io.cerulean.common.error.CommonError;
import io.cerulean.common.error.ServiceException;
import io.cerulean.http.cors.CorsRules;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.LongSupplier;

/**
 * Every account's properties of one service, kept durably as an account setting in the service's
 * {@link ServicePropertiesStorage} (the canonical XML of {@link ServicePropertiesXml}), and served
 * from a cache so that applying CORS rules to a request costs no parsing. When this server is the
 * storage's only user ({@link ServicePropertiesStorage#exclusive()}) the cache is the answer, and
 * costs no read. When other servers share the storage they may change the properties at any time:
 * Get Service Properties and every update read the stored version (the cache only saves parsing
 * it again), while the CORS rules applied to requests are read again once they are
 * {@link #SHARED_CORS_STALENESS} old. Reading them for every request would add a round trip to the
 * cluster to each one; a change of rules reaching the other servers' responses a second later is
 * what a browser can notice of it.
 *
 * <p>One instance serves a service: its wiring makes it and hands it to the service properties
 * operations and to the CORS stage, so that they share its cache.
 *
 * <p>Thread-safe. Updates of one service are serialized within a server, and each reads, merges and
 * writes on the version it read, starting again when another server got there first, so concurrent
 * updates of different sections of one account all take effect. The cache holds only what the
 * storage holds: an update puts what it wrote, with its version, after writing it.
 */
public final class ServicePropertiesStore {
    /**
     * Accounts whose properties are cached at most: enough for any configured set of accounts, and a
     * bound on what requests naming made-up accounts can make this cache hold.
     */
    public static final int MAX_CACHED_ACCOUNTS = 1024;
    /** Updates lost to other writers before one gives up with 503 ServerBusy, which clients retry. */
    private static final int MAX_UPDATE_ATTEMPTS = 100;
    /** How old the CORS rules applied to a request may be, on a storage other servers share. */
    public static final Duration SHARED_CORS_STALENESS = Duration.ofSeconds(1);

    private final ServicePropertiesStorage settings;
    private final LongSupplier nanoClock;
    private final ConcurrentMap<String, Parsed> cache = new ConcurrentHashMap<>();

    public ServicePropertiesStore(ServicePropertiesStorage settings) {
        this(settings, System::nanoTime);
    }

    /** As {@link #ServicePropertiesStore(ServicePropertiesStorage)}, timing the CORS rules' age on {@code nanoClock}. */
    public ServicePropertiesStore(ServicePropertiesStorage settings, LongSupplier nanoClock) {
        this.settings = settings;
        this.nanoClock = nanoClock;
    }

    /** The account's properties: what was last set, section by section, or the defaults. */
    public ServiceProperties get(String account) {
        if (!settings.exclusive()) {
            return current(account).properties();
        }
        Parsed cached = cache.get(account);
        if (cached != null) {
            return cached.properties();
        }
        if (cache.size() >= MAX_CACHED_ACCOUNTS) {
            return current(account).properties();
        }
        return cache.computeIfAbsent(account, this::load).properties();
    }

    /**
     * The account's CORS rules, as the request pipeline needs them for every request: on a shared
     * storage, as read at most {@link #SHARED_CORS_STALENESS} ago.
     */
    public CorsRules corsRules(String account) {
        if (!settings.exclusive()) {
            Parsed cached = cache.get(account);
            if (cached != null && nanoClock.getAsLong() - cached.readAtNanos() < SHARED_CORS_STALENESS.toNanos()) {
                return cached.properties().cors();
            }
        }
        return get(account).cors();
    }

    /**
     * Set Service Properties: applies the sections {@code update} carries to the account's
     * properties and stores the result durably before it is served.
     *
     * @return the account's properties now
     * @throws ServiceException 503 ServerBusy when other writers changed them at every attempt
     */
    public ServiceProperties update(String account, ServicePropertiesUpdate update) {
        synchronized (cache) {
            for (int attempt = 0; attempt < MAX_UPDATE_ATTEMPTS; attempt++) {
                Parsed current = current(account);
                ServiceProperties updated = update.applyTo(current.properties());
                OptionalLong version = settings.put(account, current.version(), ServicePropertiesXml.write(updated));
                if (version.isPresent()) {
                    if (cache.size() < MAX_CACHED_ACCOUNTS || cache.containsKey(account)) {
                        remember(account, new Parsed(version, updated, nanoClock.getAsLong()));
                    }
                    return updated;
                }
            }
        }
        throw new ServiceException(CommonError.SERVER_BUSY,
                "The service properties are being changed by too many concurrent requests; please retry.");
    }

    /**
     * Puts the account's properties back to the defaults, durably, as a reset does: an empty document
     * at a new version, so that a read racing it, which caches by version, cannot put back what it
     * replaced.
     *
     * @throws ServiceException 503 ServerBusy when other writers changed them at every attempt
     */
    public void reset(String account) {
        synchronized (cache) {
            for (int attempt = 0; attempt < MAX_UPDATE_ATTEMPTS; attempt++) {
                Parsed current = current(account);
                if (current.version().isEmpty()) {
                    cache.remove(account);
                    return; // never set: the defaults already
                }
                OptionalLong version = settings.put(account, current.version(), new byte[0]);
                if (version.isPresent()) {
                    remember(account, new Parsed(version, ServiceProperties.defaults(), nanoClock.getAsLong()));
                    return;
                }
            }
        }
        throw new ServiceException(CommonError.SERVER_BUSY,
                "The service properties are being changed by too many concurrent requests; please retry.");
    }

    /**
     * What is stored now, parsed again only when its version is not the one cached; on a shared
     * storage, cached with the time it was read (also when nothing is stored).
     */
    private Parsed current(String account) {
        long readAt = nanoClock.getAsLong();
        Optional<ServicePropertiesStorage.Stored> stored = settings.get(account);
        OptionalLong version = stored.isEmpty() ? OptionalLong.empty() : OptionalLong.of(stored.get().version());
        Parsed cached = cache.get(account);
        Parsed parsed;
        if (cached != null && cached.version().equals(version)) {
            parsed = new Parsed(version, cached.properties(), readAt);
        } else {
            parsed = new Parsed(version, stored.isEmpty() ? ServiceProperties.defaults()
                    : parse(account, stored.get().document()), readAt);
        }
        if (!settings.exclusive()) {
            if (cache.size() >= MAX_CACHED_ACCOUNTS && !cache.containsKey(account)) {
                // Requests naming made-up accounts (preflights need no key) must not keep real ones out for good.
                cache.values().removeIf(stale -> readAt - stale.readAtNanos() >= SHARED_CORS_STALENESS.toNanos());
            }
            if (cache.size() < MAX_CACHED_ACCOUNTS || cache.containsKey(account)) {
                remember(account, parsed);
            }
        }
        return parsed;
    }

    /**
     * Caches {@code parsed} unless a later version is cached: a read that raced an update must not
     * put back what the update replaced. Versions only grow, so the later one is the one to keep.
     */
    private void remember(String account, Parsed parsed) {
        cache.merge(account, parsed, (cached, read) -> read.version().orElse(0) >= cached.version().orElse(0) ? read : cached);
    }

    /** What is stored now, read and parsed, for the cache of a storage this server alone uses. */
    private Parsed load(String account) {
        Optional<ServicePropertiesStorage.Stored> stored = settings.get(account);
        return stored.isEmpty() ? new Parsed(OptionalLong.empty(), ServiceProperties.defaults(), 0)
                : new Parsed(OptionalLong.of(stored.get().version()), parse(account, stored.get().document()), 0);
    }

    private static ServiceProperties parse(String account, byte[] document) {
        if (document.length == 0) {
            return ServiceProperties.defaults();
        }
        try {
            return ServicePropertiesXml.readStored(document);
        } catch (ServiceException e) {
            // Only Cerulean writes this setting, after validating it: unreadable means damaged, not a bad request.
            throw new IllegalStateException("the stored service properties of account " + account
                    + " cannot be read: " + e.getMessage(), e);
        }
    }

    /**
     * Properties as parsed from the stored version {@code version} (empty: none stored, the
     * defaults), read from the storage at {@code readAtNanos} (only the shared storage's reads are timed).
     */
    private record Parsed(OptionalLong version, ServiceProperties properties, long readAtNanos) {
    }
}
