package io.cerulean.http.tls;

import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import javax.net.ssl.SSLException;

/** Netty's server-side TLS context for an identity: the JDK's TLS, versions 1.3 and 1.2, HTTP/1.1 only. */
public final class ServerTlsContext {
    private ServerTlsContext() {
    }

    /** @throws InvalidTlsConfigException when the JDK refuses the key or certificate */
    public static SslContext of(ServerIdentity identity) {
        try {
            // No ALPN: the SDKs speak HTTP/1.1 to storage, and so does this server.
            return SslContextBuilder.forServer(identity.privateKey(), identity.chain())
                    .sslProvider(SslProvider.JDK)
                    .protocols("TLSv1.3", "TLSv1.2")
                    .build();
        } catch (SSLException | IllegalArgumentException e) {
            throw new InvalidTlsConfigException("cannot serve TLS with this certificate and key: " + e.getMessage(), e);
        }
    }
}
