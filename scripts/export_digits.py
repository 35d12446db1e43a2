"""Export scikit-learn's bundled handwritten digits to .npy (make digits).

The 1,797 8 x 8 images ship inside the scikit-learn package
(sklearn.datasets.load_digits reads them from the installed files; nothing
is downloaded). Writes OUTDIR/digits_x.npy (float32 [1797 x 64], pixel
values 0..16) and OUTDIR/digits_y.npy (uint8 labels 0..9).
"""
import os
import sys

import numpy as np
from sklearn.datasets import load_digits


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "build/data"
    os.makedirs(out, exist_ok=True)
    d = load_digits()
    np.save(os.path.join(out, "digits_x.npy"), d.data.astype(np.float32))
    np.save(os.path.join(out, "digits_y.npy"), d.target.astype(np.uint8))
    print(f"export_digits: {d.data.shape[0]} images of {d.data.shape[1]} pixels, "
          f"{len(set(d.target))} classes -> {out}/digits_x.npy, digits_y.npy")


if __name__ == "__main__":
    main()
