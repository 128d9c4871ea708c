import { authorizationMatrix } from "./authorization-matrix.ts";

authorizationMatrix(2, 3);
