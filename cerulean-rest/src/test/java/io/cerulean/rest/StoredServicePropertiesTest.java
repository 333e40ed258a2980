package io.cerulean.rest;

import static org.assertj.core.api.Assertions.assertThat;

import io.cerulean.http.cors.CorsRule;
import io.cerulean.http.cors.CorsRules;
import io.cerulean.http.properties.LoggingSettings;
import io.cerulean.http.properties.RetentionPolicy;
import io.cerulean.http.properties.ServiceProperties;
import io.cerulean.http.properties.ServicePropertiesStore;
import io.cerulean.http.properties.ServicePropertiesUpdate;
import io.cerulean.http.properties.ServicePropertiesXml;
import io.cerulean.store.memory.MemoryKeyValueStore;
import io.cerulean.storage.KeyValueStore;
import io.cerulean.storage.ServiceDocuments;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Service properties kept per account in the store's service documents, served from a cache, on a
 * store other servers may share.
 */
class StoredServicePropertiesTest {
    private final KeyValueStore store = new MemoryKeyValueStore();
    private final AtomicLong nanoClock = new AtomicLong();
    private final ServicePropertiesStore properties =
            new ServicePropertiesStore(storage(store), nanoClock::get);

    /** The storage of a server of the Table service on {@code store}, which other servers may share. */
    private static StoredServiceProperties storage(KeyValueStore store) {
        return new StoredServiceProperties(store, "table", false);
    }

    private static ServicePropertiesUpdate cors(CorsRule... rules) {
        return new ServicePropertiesUpdate(Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.of(new CorsRules(List.of(rules))));
    }

    private static ServicePropertiesUpdate logging(boolean read) {
        return new ServicePropertiesUpdate(
                Optional.of(new LoggingSettings("1.0", read, false, false, RetentionPolicy.disabled())),
                Optional.empty(), Optional.empty(), Optional.empty());
    }

    @Test
    void anAccountNeverSetHasTheDefaultsAndNothingIsStored() {
        assertThat(properties.get("acct")).isEqualTo(ServiceProperties.defaults());
        assertThat(ServiceDocuments.get(store, "acct", "table")).isEmpty();
    }

    @Test
    void anUpdateIsStoredAsCanonicalXmlAndServedFromTheCache() {
        CorsRule rule = CorsRule.parse("http://a.example", "GET", "", "", "10");
        ServiceProperties updated = properties.update("acct", cors(rule));

        assertThat(properties.get("acct")).isEqualTo(updated);
        assertThat(properties.corsRules("acct").rules()).containsExactly(rule);
        byte[] stored = ServiceDocuments.get(store, "acct", "table").orElseThrow().payload();
        assertThat(new String(stored, StandardCharsets.UTF_8)).isEqualTo(
                new String(ServicePropertiesXml.write(updated), StandardCharsets.UTF_8));
        assertThat(properties.get("other")).isEqualTo(ServiceProperties.defaults());
    }

    @Test
    void aNewServiceOverTheSameStoreReadsWhatWasStored() {
        properties.update("acct", logging(true));
        StoredServiceProperties restarted = storage(store);
        assertThat(new ServicePropertiesStore(restarted).get("acct").logging().read()).isTrue();
        assertThat(new ServicePropertiesStore(restarted).get("acct").hourMetrics())
                .isEqualTo(ServiceProperties.defaults().hourMetrics());
    }

    @Test
    void concurrentUpdatesOfDifferentSectionsAllTakeEffect() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<?>> futures = new ArrayList<>();
        try {
            for (int i = 0; i < 50; i++) {
                boolean corsUpdate = i % 2 == 0;
                int age = i;
                futures.add(pool.submit(() -> {
                    start.await();
                    properties.update("acct", corsUpdate
                            ? cors(CorsRule.parse("*", "GET", "", "", Integer.toString(age))) : logging(true));
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> future : futures) {
                future.get();
            }
        } finally {
            pool.shutdownNow();
        }
        ServiceProperties cached = properties.get("acct");
        assertThat(cached.logging().read()).isTrue();
        assertThat(cached.cors().rules()).hasSize(1);
        assertThat(new ServicePropertiesStore(storage(store)).get("acct")).as("the store holds what is cached")
                .isEqualTo(cached);
    }

    /**
     * On a shared store the CORS rules applied to requests are read again once they are a second
     * old, not for every request: another server's change reaches them within that second.
     */
    @Test
    void onASharedStoreTheCorsRulesOfRequestsAreAtMostASecondOld() {
        ServicePropertiesStore other = new ServicePropertiesStore(storage(store), nanoClock::get);
        CorsRule first = CorsRule.parse("http://a.example", "GET", "", "", "10");
        CorsRule second = CorsRule.parse("http://b.example", "PUT", "", "", "20");
        other.update("acct", cors(first));
        assertThat(properties.corsRules("acct").rules()).containsExactly(first);

        other.update("acct", cors(second));
        nanoClock.addAndGet(ServicePropertiesStore.SHARED_CORS_STALENESS.toNanos() - 1);
        assertThat(properties.corsRules("acct").rules()).as("within the second, as read").containsExactly(first);
        nanoClock.addAndGet(1);
        assertThat(properties.corsRules("acct").rules()).as("a second old: read again").containsExactly(second);

        properties.update("acct", cors(first));
        assertThat(properties.corsRules("acct").rules()).as("this server's own change, at once").containsExactly(first);
    }

    @Test
    void madeUpAccountsDoNotGrowTheCacheBeyondItsBound() {
        for (int i = 0; i < ServicePropertiesStore.MAX_CACHED_ACCOUNTS + 10; i++) {
            assertThat(properties.corsRules("nobody" + i).isEmpty()).isTrue();
        }
        properties.update("late", logging(true));
        assertThat(properties.get("late").logging().read()).as("read from the store when not cached").isTrue();
    }

    /**
     * Regression: servers sharing a store each kept the properties they had read once, and one
     * server's update replaced the sections another had just set.
     */
    @Test
    void serversSharingAStoreServeEachOthersChangesAndLoseNone() throws Exception {
        ServicePropertiesStore other = new ServicePropertiesStore(storage(store), nanoClock::get);
        CorsRule rule = CorsRule.parse("http://a.example", "GET", "", "", "10");
        assertThat(properties.corsRules("acct").isEmpty()).isTrue();
        other.update("acct", cors(rule));
        assertThat(properties.get("acct").cors().rules()).as("Get Service Properties reads the store").containsExactly(rule);
        nanoClock.addAndGet(ServicePropertiesStore.SHARED_CORS_STALENESS.toNanos());
        assertThat(properties.corsRules("acct").rules()).containsExactly(rule);
        properties.update("acct", logging(true));
        assertThat(other.get("acct").logging().read()).isTrue();
        assertThat(other.get("acct").cors().rules()).as("the other server's section is kept").containsExactly(rule);

        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                ServicePropertiesStore server = i % 2 == 0 ? properties : other;
                boolean corsUpdate = i % 4 < 2;
                int age = i;
                futures.add(pool.submit(() -> server.update("acct", corsUpdate
                        ? cors(CorsRule.parse("*", "GET", "", "", Integer.toString(age))) : logging(age % 3 == 0))));
            }
            for (Future<?> future : futures) {
                future.get();
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(properties.get("acct")).isEqualTo(other.get("acct"));
        assertThat(properties.get("acct").cors().rules()).hasSize(1).allMatch(r -> r.allowedOrigins().contains("*"));
    }
}
