import sys

from tools.mutation import main

sys.exit(main())
