package io.cerulean.rest;

import io.cerulean.http.auth.RequestAuthenticator;
import io.cerulean.http.cors.CorsPolicy;
import io.cerulean.http.message.AccountUrls;
import io.cerulean.http.metrics.Metrics;
import io.cerulean.http.pipeline.RequestPipeline;
import io.cerulean.http.pipeline.RestService;
import io.cerulean.http.pipeline.RoutedOperation;
import io.cerulean.http.pipeline.Target;
import io.cerulean.http.properties.ServicePropertiesStorage;
import io.cerulean.http.properties.ServicePropertiesStore;
import java.util.function.Function;

/** Wires a service's REST layer into the kernel's request pipeline, the same way for every service. */
public final class ServicePipelines {
    private ServicePipelines() {
    }

    /**
     * The pipeline that serves {@code service}, its accounts' service properties kept in {@code storage}.
     * One service-properties store is shared by the service's operations and the CORS stage, so that a
     * Set applies to the next request.
     *
     * @param service the service, given that store
     * @param urls    the URLs the service answers, which the CORS stage reads accounts from
     */
    public static <T extends Target, R extends RoutedOperation, G> RequestPipeline<T, R, G> pipeline(
            ServicePropertiesStorage storage, Function<ServicePropertiesStore, RestService<T, R, G>> service,
            RequestAuthenticator<G> authenticator, AccountUrls urls, Metrics metrics) {
        ServicePropertiesStore properties = new ServicePropertiesStore(storage);
        return new RequestPipeline<>(service.apply(properties), authenticator,
                new CorsPolicy(properties::corsRules, urls), metrics);
    }
}
