package io.cerulean.junit5;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs the annotated class's tests against an in-memory Cerulean: one per class, or with
 * {@code shared = true} one for the whole test run. Tests take it as a parameter:
 * {@code Cerulean}, {@code @CeruleanConnectionString String} or {@code @CeruleanEndpoint String}.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
@ExtendWith(CeruleanExtension.class)
public @interface CeruleanTest {
    /** One server for every class of the run that asks for a shared one, closed when the run ends. */
    boolean shared() default false;
}
