package dev.kalla.viewmapper.analysis;

/** Size classes on view count, with upstream ViewMapper's thresholds. */
public enum ComplexityLevel {
    SIMPLE,
    MODERATE,
    COMPLEX,
    VERY_COMPLEX;

    public static ComplexityLevel of(int viewCount) {
        if (viewCount < 20) return SIMPLE;
        if (viewCount < 100) return MODERATE;
        if (viewCount < 500) return COMPLEX;
        return VERY_COMPLEX;
    }
}
