package io.cerulean.it.support;

import com.azure.core.http.HttpClient;
import com.azure.core.http.netty.NettyAsyncHttpClientBuilder;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.TrustManagerFactory;

/**
 * Clients that trust exactly one certificate, Cerulean's, as a user is told to set them up in
 * docs/https.md: nothing is trusted blindly, so host names and the chain are checked as in
 * production.
 */
public final class TlsClients {
    private TlsClients() {
    }

    /** The SDK's default HTTP stack (azure-core-http-netty on Reactor Netty), trusting the certificate. */
    public static HttpClient sdkHttpClient(Path certificate) {
        SslContext ssl;
        try {
            ssl = SslContextBuilder.forClient().trustManager(certificate.toFile()).build();
        } catch (SSLException e) {
            throw new IllegalStateException("cannot trust " + certificate, e);
        }
        return new NettyAsyncHttpClientBuilder(reactor.netty.http.client.HttpClient.create()
                .secure(spec -> spec.sslContext(ssl)))
                .responseTimeout(Duration.ofSeconds(30))
                .build();
    }

    /** The JDK's TLS, trusting the certificate. */
    public static SSLContext sslContext(Path certificate) {
        try (InputStream in = Files.newInputStream(certificate)) {
            KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
            trusted.load(null, null);
            trusted.setCertificateEntry("cerulean", CertificateFactory.getInstance("X.509").generateCertificate(in));
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(trusted);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, trust.getTrustManagers(), null);
            return context;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot trust " + certificate, e);
        }
    }

    /** A {@code java.net.http} client over HTTP/1.1 trusting the certificate. */
    public static java.net.http.HttpClient jdkHttpClient(Path certificate) {
        return java.net.http.HttpClient.newBuilder().version(java.net.http.HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).sslContext(sslContext(certificate)).build();
    }
}
