package io.cerulean.it;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.ArgumentsProvider;
import org.junit.jupiter.params.provider.ArgumentsSource;

/** A {@code @ParameterizedTest} taking a {@link ServerFixture}: runs once on each store this run tests. */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@ArgumentsSource(EachStore.Stores.class)
public @interface EachStore {
    /** {@link ServerFixture#tested()}, as arguments. */
    final class Stores implements ArgumentsProvider {
        @Override
        public Stream<? extends Arguments> provideArguments(ExtensionContext context) {
            return ServerFixture.tested().stream().map(Arguments::of);
        }
    }
}
