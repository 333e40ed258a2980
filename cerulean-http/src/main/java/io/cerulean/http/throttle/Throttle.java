package io.cerulean.http.throttle;

import io.cerulean.http.message.AzureRequest;
import io.cerulean.http.message.AzureResponse;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Holds requests to Azure's scalability targets ({@link ScalabilityTargets}), or to none
 * ({@link #OFF}, the default). The request pipeline's throttle stage calls {@link #admit(String, long,
 * Load)} for every request before its operation runs: the account's request, the bytes it declares it
 * sends, and what its head alone says it asks of a partition, a queue or a blob. What a service learns
 * only as it runs (a transaction's entities, once its body is parsed; the entities a query read) it
 * takes with {@link #admit(Load)} before it writes, or {@link #chargeRead} once it has read. The
 * answer's bytes are charged once they are known ({@link #chargeEgress}). A request refused at any of
 * these changes nothing and throws {@link ThrottledException}.
 *
 * <p>Every bucket is per account or per resource, so one hot partition, queue or blob throttles
 * neither another one nor another account. Each refusal is counted in the metrics
 * ({@code cerulean_throttled_requests_total}, by the target it passed). Thread-safe.
 */
public final class Throttle {
    /** Enforces nothing. */
    public static final Throttle OFF = new Throttle();
    /** The partitions, queues or blobs whose buckets are held at most, each kind apart (about 100 bytes each). */
    static final int MAX_KEYS = 65_536;
    /** The accounts whose buckets are held at most. */
    static final int MAX_ACCOUNTS = 4_096;

    private final ScalabilityTargets targets; // null when off
    private final KeyedBuckets requests;
    private final KeyedBuckets ingress;
    private final KeyedBuckets egress;
    private final Map<Load.Kind, KeyedBuckets> resources = new EnumMap<>(Load.Kind.class);
    private final Map<Passed, Counter> refusals = new EnumMap<>(Passed.class);

    /** The target a refused request passed, as its metric's tag says it. */
    private enum Passed {
        ACCOUNT_REQUESTS(ThrottledException.ACCOUNT_OPERATIONS),
        ACCOUNT_INGRESS(ThrottledException.ACCOUNT_INGRESS),
        ACCOUNT_EGRESS(ThrottledException.ACCOUNT_EGRESS),
        TABLE_PARTITION(ThrottledException.RESOURCE_BUSY),
        QUEUE(ThrottledException.RESOURCE_BUSY),
        BLOB(ThrottledException.RESOURCE_BUSY);

        private final String message;

        Passed(String message) {
            this.message = message;
        }

        static Passed of(Load.Kind kind) {
            return valueOf(kind.name());
        }
    }

    private Throttle() {
        this.targets = null;
        this.requests = null;
        this.ingress = null;
        this.egress = null;
    }

    Throttle(ScalabilityTargets targets, int maxKeys, LongSupplier nanoClock) {
        this(targets, maxKeys, nanoClock, new SimpleMeterRegistry());
    }

    private Throttle(ScalabilityTargets targets, int maxKeys, LongSupplier nanoClock, MeterRegistry registry) {
        for (Passed passed : Passed.values()) {
            refusals.put(passed, Counter.builder("cerulean.throttled.requests")
                    .tag("target", passed.name().toLowerCase(Locale.ROOT))
                    .description("Requests refused with 503 ServerBusy for passing a scalability target")
                    .register(registry));
        }
        this.targets = targets;
        double burst = targets.burstSeconds();
        this.requests = new KeyedBuckets(Rate.of(targets.accountRequestsPerSecond(), burst), MAX_ACCOUNTS, nanoClock);
        this.ingress = new KeyedBuckets(Rate.of(targets.accountIngressBytesPerSecond(), burst), MAX_ACCOUNTS,
                nanoClock);
        this.egress = new KeyedBuckets(Rate.of(targets.accountEgressBytesPerSecond(), burst), MAX_ACCOUNTS,
                nanoClock);
        resources.put(Load.Kind.TABLE_PARTITION, new KeyedBuckets(
                Rate.of(targets.tablePartitionEntitiesPerSecond(), burst), maxKeys, nanoClock));
        resources.put(Load.Kind.QUEUE, new KeyedBuckets(Rate.of(targets.queueMessagesPerSecond(), burst), maxKeys,
                nanoClock));
        resources.put(Load.Kind.BLOB, new KeyedBuckets(Rate.of(targets.blobRequestsPerSecond(), burst), maxKeys,
                nanoClock));
    }

    /** Enforces {@code targets}, its refusals counted in {@code registry}. */
    public static Throttle enforcing(ScalabilityTargets targets, MeterRegistry registry) {
        return new Throttle(targets, MAX_KEYS, System::nanoTime, registry);
    }

    /** Counts the refusal, and says why. */
    private ThrottledException refused(Passed passed) {
        refusals.get(passed).increment();
        return new ThrottledException(passed.message);
    }

    public boolean isOn() {
        return targets != null;
    }

    /**
     * The throttle stage: one request of {@code account}, {@code ingressBytes} sent to it, and
     * {@code load} (null when the head names no partition, queue or blob). An account whose answers
     * have taken more than its egress allows is refused until the refill has paid for them.
     *
     * @throws ThrottledException past a target; then nothing was taken
     */
    public void admit(String account, long ingressBytes, Load load) {
        if (targets == null) {
            return;
        }
        long key = Keys.of(account);
        if (!requests.tryTake(key, 1)) {
            throw refused(Passed.ACCOUNT_REQUESTS);
        }
        if (ingressBytes > 0 && !ingress.tryTake(key, ingressBytes)) {
            requests.giveBack(key, 1);
            throw refused(Passed.ACCOUNT_INGRESS);
        }
        if (!egress.tryTake(key, 0)) {
            requests.giveBack(key, 1);
            ingress.giveBack(key, ingressBytes);
            throw refused(Passed.ACCOUNT_EGRESS);
        }
        if (load != null && load.units() > 0 && !bucketsOf(load).tryTake(load.key(), load.units())) {
            requests.giveBack(key, 1);
            ingress.giveBack(key, ingressBytes);
            throw refused(Passed.of(load.kind()));
        }
    }

    /**
     * The throttle stage for {@code request}: {@link #admit(String, long, Load)} with the bytes it sends,
     * its buffered body or what its head declares of a streamed one (none, for a chunked upload).
     */
    public void admit(String account, AzureRequest request, Load load) {
        admit(account, ingressBytes(request), load);
    }

    private static long ingressBytes(AzureRequest request) {
        if (!request.streamsBody()) {
            return request.body().length;
        }
        String declared = request.header("Content-Length");
        try {
            return declared == null ? 0 : Math.max(0, Long.parseLong(declared.trim()));
        } catch (NumberFormatException e) {
            return 0; // the server framed the body by this length: it is a number
        }
    }

    /**
     * What a service learned as it ran and takes before it writes (a transaction's entities).
     *
     * @throws ThrottledException past the resource's target; then nothing was taken
     */
    public void admit(Load load) {
        if (targets != null && load.units() > 0 && !bucketsOf(load).tryTake(load.key(), load.units())) {
            throw refused(Passed.of(load.kind()));
        }
    }

    /**
     * What a read cost, known once it has read (the entities a query page read): refused if the
     * resource could not have served one unit when it began, else charged, debt and all. Reading
     * changed nothing, so a refusal after it still leaves everything as it was.
     *
     * @throws ThrottledException when the resource is past its target; then nothing was taken
     */
    public void chargeRead(Load load) {
        if (targets == null) {
            return;
        }
        KeyedBuckets buckets = bucketsOf(load);
        if (!buckets.tryTake(load.key(), 1)) {
            throw refused(Passed.of(load.kind()));
        }
        if (load.units() > 1) {
            buckets.charge(load.key(), load.units() - 1);
        }
    }

    /** The bytes of {@code response}'s body, unless it answers a HEAD, which is sent its length alone. */
    public void chargeEgress(String account, AzureRequest request, AzureResponse response) {
        if (targets != null && !request.method().equals("HEAD")) {
            chargeEgress(account, response.content() != null ? response.content().length() : response.bodyLength());
        }
    }

    /** The bytes an answer sent: the next request of the account is refused while they are not paid for. */
    public void chargeEgress(String account, long bytes) {
        if (targets != null && bytes > 0) {
            egress.charge(Keys.of(account), bytes);
        }
    }

    /** The buckets held for partitions, queues and blobs together: bounded, whatever the keys. */
    int resourceBuckets() {
        return resources.values().stream().mapToInt(KeyedBuckets::size).sum();
    }

    private KeyedBuckets bucketsOf(Load load) {
        return resources.get(load.kind());
    }
}
